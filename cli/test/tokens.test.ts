import { readFile, stat } from "node:fs/promises"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "../../server/test/support/server.js"
import { assertFreshBuild, type FolioRun, runFolio, tempConfigDir } from "./support/folio.js"

type ConfigDir = Awaited<ReturnType<typeof tempConfigDir>>

let server: TestServer
/** Signed in as the seeded admin with a password, once for the file (sign-ins are rate-limited). */
let admin: ConfigDir
const dirs: Array<ConfigDir> = []

beforeAll(async () => {
  await assertFreshBuild()
  server = await startTestServer()
  admin = await tempConfigDir()
  const login = await runFolio(
    ["login", "--url", server.url, "--email", server.adminEmail, "--password-stdin"],
    { configDir: admin.path, stdin: server.adminPassword },
  )
  expect(login.code).toBe(0)
})
afterAll(async () => {
  await Promise.all([admin, ...dirs].map((dir) => dir.remove()))
  await server.stop()
})

const asAdmin = (args: ReadonlyArray<string>, env?: Record<string, string>) =>
  runFolio(args, { configDir: admin.path, ...(env ? { env } : {}) })

/** A fresh machine: no stored credential, only what the test passes. */
const fresh = async () => {
  const dir = await tempConfigDir()
  dirs.push(dir)
  return {
    path: dir.path,
    run: (args: ReadonlyArray<string>, options: { env?: Record<string, string>; stdin?: string } = {}) =>
      runFolio(args, { configDir: dir.path, ...options }),
  }
}

/** With only FOLIO_URL and FOLIO_TOKEN, as in CI. */
const withToken = async (token: string, args: ReadonlyArray<string>) =>
  (await fresh()).run(args, { env: { FOLIO_URL: server.url, FOLIO_TOKEN: token } })

interface Created {
  readonly ok: true
  readonly secret: string
  readonly token: { readonly id: string; readonly name: string; readonly scopes: ReadonlyArray<string> }
}

const createToken = async (name: string, scopes: string): Promise<Created> => {
  const run = await asAdmin(["tokens", "create", "--name", name, "--scope", scopes, "--json"])
  expect(run.code, run.stderr).toBe(0)
  return JSON.parse(run.stdout) as Created
}

const listed = async (run?: FolioRun): Promise<ReadonlyArray<{ id: string; name: string }>> => {
  const result = run ?? (await asAdmin(["tokens", "list", "--json"]))
  expect(result.code, result.stderr).toBe(0)
  return (JSON.parse(result.stdout) as { tokens: ReadonlyArray<{ id: string; name: string }> }).tokens
}

describe("folio tokens", () => {
  it("creates a token, prints its secret alone on stdout, lists it and revokes it", async () => {
    const create = await asAdmin([
      "tokens",
      "create",
      "--name",
      "round-trip",
      "--scope",
      "read",
      "--scope",
      "write,admin",
      "--expires-in-days",
      "30",
    ])
    expect(create.code, create.stderr).toBe(0)
    expect(create.stdout).toMatch(/^folio_pat_[A-Za-z0-9_-]+\n$/)
    const secret = create.stdout.trim()
    expect(create.stderr).toContain('Created API token "round-trip" (read,write,admin, expires ')
    expect(create.stderr).toContain("Warning: This is the only time the secret is shown")

    // The secret works, and says whose it is.
    const whoami = await withToken(secret, ["whoami", "--json"])
    expect(whoami.code).toBe(0)
    expect(JSON.parse(whoami.stdout)).toMatchObject({ source: "env", user: { email: server.adminEmail } })

    const list = await asAdmin(["tokens", "list", "--json"])
    const token = (await listed(list)).find((entry) => entry.name === "round-trip")
    expect(token).toBeDefined()
    expect(JSON.parse(list.stdout)).toMatchObject({
      ok: true,
      tokens: expect.arrayContaining([
        expect.objectContaining({
          name: "round-trip",
          scopes: ["read", "write", "admin"],
          hint: secret.slice(0, "folio_pat_".length + 4),
          lastUsedAt: expect.any(String),
        }),
      ]),
    })
    expect(list.stdout).not.toContain(secret)

    const plain = await asAdmin(["tokens", "list"])
    expect(plain.code).toBe(0)
    expect(plain.stdout).toMatch(/^NAME\s+SCOPES\s+SECRET\s+CREATED\s+EXPIRES\s+LAST USED\s+ID$/m)
    expect(plain.stdout).toMatch(/^round-trip\s+read,write,admin\s+folio_pat_\S{4}…\s/m)
    expect(plain.stdout).not.toContain("\u001b[")

    const revoke = await asAdmin(["tokens", "revoke", "round-trip"])
    expect(revoke.code, revoke.stderr).toBe(0)
    expect(revoke.stdout).toBe(`Revoked API token "round-trip" (${token?.id}); it no longer works.\n`)
    expect((await listed()).map((entry) => entry.name)).not.toContain("round-trip")

    const again = await asAdmin(["tokens", "revoke", token?.id ?? "", "--json"])
    expect(again.code).toBe(1)
    expect(JSON.parse(again.stdout)).toMatchObject({ ok: false, error: { code: "NotFound" } })
  })

  it("puts the secret in the JSON document with --json, and still warns on stderr", async () => {
    const created = await createToken("json", "read")
    expect(created).toMatchObject({ ok: true, token: { name: "json", scopes: ["read"] } })
    expect(created.secret).toMatch(/^folio_pat_/)
  })

  it("refuses a read-scope token to write, with the server's 403 message", async () => {
    const reader = await createToken("read-only", "read")
    const victim = await createToken("victim", "read")

    const read = await withToken(reader.secret, ["tokens", "list", "--json"])
    expect(read.code).toBe(0)

    const revoke = await withToken(reader.secret, ["tokens", "revoke", victim.token.id])
    expect(revoke.code).toBe(1)
    expect(revoke.stdout).toBe("")
    expect(revoke.stderr).toBe('This API token lacks the "write" scope.\n')
    expect((await listed()).map((entry) => entry.id)).toContain(victim.token.id)

    const company = await withToken(reader.secret, [
      "companies",
      "create",
      "--name",
      "X",
      "--slug",
      "x",
      "--json",
    ])
    expect(company.code).toBe(1)
    expect(JSON.parse(company.stdout)).toEqual({
      ok: false,
      error: { code: "Forbidden", message: 'This API token lacks the "admin" scope.' },
    })
  })

  it("refuses a revoked token (401) and says to check FOLIO_TOKEN", async () => {
    const created = await createToken("short-lived", "read")
    expect((await asAdmin(["tokens", "revoke", created.token.id])).code).toBe(0)
    const run = await withToken(created.secret, ["users", "list"])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe("")
    expect(run.stderr).toBe(
      "The token is invalid, expired or revoked. Sign in again. Check FOLIO_TOKEN, or unset it to use the stored credential.\n",
    )
  })

  it("names the ids when several tokens share the name to revoke", async () => {
    const first = await createToken("twin", "read")
    const second = await createToken("twin", "read")
    const run = await asAdmin(["tokens", "revoke", "twin"])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('2 of your API tokens are named "twin"')
    expect(run.stderr).toContain(first.token.id)
    expect(run.stderr).toContain(second.token.id)
  })

  it.each([
    [["--scope", "root"], '"root" is not a scope'],
    [["--scope", "read", "--expires-in-days", "0"], "from 1 to 366"],
    [["--scope", "read", "--expires-in-days", "soon"], "from 1 to 366"],
    [[], "required option '--scope <scopes>' not specified"],
  ])("rejects bad flags %j as a usage error (exit 2) before any request", async (flags, message) => {
    const run = await asAdmin(["tokens", "create", "--name", "bad", ...flags])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe("")
    expect(run.stderr).toContain(message)
  })

  it("rejects a name the server would reject, naming the flag", async () => {
    const run = await asAdmin(["tokens", "create", "--name", "   ", "--scope", "read"])
    expect(run.code).toBe(1)
    expect(run.stderr).toBe("--name: Give the token a name.\n")
  })

  it("creates a token that never expires", async () => {
    const run = await asAdmin([
      "tokens",
      "create",
      "--name",
      "forever",
      "--scope",
      "read",
      "--expires-in-days",
      "never",
      "--json",
    ])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ token: { expiresAt: null } })
  })
})

describe("folio login --token", () => {
  it("checks a piped token with the server and stores it readable by its owner only", async () => {
    const created = await createToken("laptop", "read,write")
    const machine = await fresh()
    const run = await machine.run(["login", "--token-stdin", "--url", server.url], {
      stdin: `${created.secret}\n`,
    })
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toBe(
      `Signed in to ${server.url} with a token of Administrator <${server.adminEmail}> (admin, Folio Research).\n`,
    )
    const file = join(machine.path, "credentials.json")
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({
      url: server.url,
      email: server.adminEmail,
      token: created.secret,
    })
    expect(run.stdout + run.stderr).not.toContain(created.secret)

    const list = await machine.run(["tokens", "list", "--json"])
    expect(list.code).toBe(0)

    // Logging out forgets the token here but does not revoke it: others may share it.
    const logout = await machine.run(["logout"])
    expect(logout.code).toBe(0)
    expect(logout.stdout).toContain(`Forgot the API token for ${server.url}`)
    expect((await withToken(created.secret, ["whoami"])).code).toBe(0)
  })

  it("takes the token from FOLIO_TOKEN when nothing is piped", async () => {
    const created = await createToken("from-env", "read")
    const machine = await fresh()
    const run = await machine.run(["login", "--token", "--url", server.url, "--json"], {
      env: { FOLIO_TOKEN: created.secret },
    })
    expect(run.code, run.stderr).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({
      ok: true,
      method: "token",
      overriddenByEnv: false,
      user: { email: server.adminEmail },
    })
    expect(run.stderr).toBe("")
  })

  it("stores nothing when the server refuses the token", async () => {
    const machine = await fresh()
    const run = await machine.run(["login", "--token-stdin", "--url", server.url], {
      stdin: "folio_pat_not-a-real-token",
    })
    expect(run.code).toBe(1)
    expect(run.stdout).toBe("")
    expect(run.stderr).toBe("The token is invalid, expired or revoked. Sign in again. Nothing was stored.\n")
    await expect(stat(join(machine.path, "credentials.json"))).rejects.toThrow()
  })

  it("will not prompt without a terminal, and names the alternatives", async () => {
    const machine = await fresh()
    const run = await machine.run(["login", "--token", "--url", server.url])
    expect(run.code).toBe(1)
    expect(run.stderr).toBe(
      "Cannot ask for the token: there is no terminal to type it in. Pass --token-stdin and pipe the token in, or set FOLIO_TOKEN.\n",
    )
  })

  it("refuses --token with --email, and login with neither, as usage errors", async () => {
    const machine = await fresh()
    const both = await machine.run(["login", "--token", "--email", "a@b.co"])
    expect(both.code).toBe(2)
    expect(both.stderr).toContain("cannot be used with option '--email <email>'")
    const neither = await machine.run(["login"])
    expect(neither.code).toBe(2)
    expect(neither.stderr).toContain("needs --email EMAIL")
  })
})
