import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "../../server/test/support/server.js"
import { assertFreshBuild, type FolioRun, runFolio, tempConfigDir } from "./support/folio.js"

/**
 * `folio config …` as CI runs it: only FOLIO_URL and FOLIO_TOKEN (an admin-scoped token), pipes
 * for stdio, against the real server and its PostgreSQL store.
 */

type ConfigDir = Awaited<ReturnType<typeof tempConfigDir>>

let server: TestServer
let admin: ConfigDir
let ci: ConfigDir
let dir: string
let token: string

// Each test runs several `folio` processes (about half a second each) against one server.
const slow = 120_000

beforeAll(async () => {
  await assertFreshBuild()
  server = await startTestServer()
  admin = await tempConfigDir()
  ci = await tempConfigDir()
  dir = await mkdtemp(join(tmpdir(), "folio-config-"))
  const login = await runFolio(
    ["login", "--url", server.url, "--email", server.adminEmail, "--password-stdin"],
    { configDir: admin.path, stdin: server.adminPassword },
  )
  expect(login.code, login.stderr).toBe(0)
  const created = await runFolio(["tokens", "create", "--name", "ci-config", "--scope", "admin", "--json"], {
    configDir: admin.path,
  })
  expect(created.code, created.stderr).toBe(0)
  token = (JSON.parse(created.stdout) as { secret: string }).secret
})
afterAll(async () => {
  await Promise.all([admin?.remove(), ci?.remove()])
  if (dir) await rm(dir, { recursive: true, force: true })
  await server?.stop()
})

/** `folio …` as in CI: FOLIO_URL and FOLIO_TOKEN, no stored credential, no TTY. */
const folio = (args: ReadonlyArray<string>, stdin?: string): Promise<FolioRun> =>
  runFolio(args, {
    configDir: ci.path,
    env: { FOLIO_URL: server.url, FOLIO_TOKEN: token },
    ...(stdin === undefined ? {} : { stdin }),
  })

const json = async <A>(args: ReadonlyArray<string>): Promise<A> => {
  const run = await folio([...args, "--json"])
  expect(run.code, run.stderr).toBe(0)
  return JSON.parse(run.stdout) as A
}

const file = async (name: string, text: string): Promise<string> => {
  const path = join(dir, name)
  await writeFile(path, text, "utf8")
  return path
}

interface Listed {
  readonly version: number
  readonly digest: string
  readonly entries: ReadonlyArray<{
    key: string
    value?: unknown
    secret: boolean
    set: boolean
    known: boolean
  }>
}

const listed = () => json<Listed>(["config", "list"])
const stored = (list: Listed, key: string) => list.entries.find((entry) => entry.key === key)?.value

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

describe("folio config apply", { timeout: slow }, () => {
  it("applies a file, then the same file again is an empty plan that writes nothing", async () => {
    const path = await file(
      "config.yaml",
      [
        "# what CI keeps",
        "maintenance.retryAfterSeconds: 600",
        'banner.message: "Maintenance on Saturday 06:00 UTC"',
        "features.beta:",
        // In the order PostgreSQL's jsonb keeps an object's keys (shorter first), so the value
        // prints the same whether an instance holds it as written or as read back.
        "  owners: [ada, grace]",
        "  reports: true",
        "",
      ].join("\n"),
    )
    const before = await listed()

    const first = await folio(["config", "apply", path, "--comment", "Release 42"])
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toMatch(
      new RegExp(
        `^Plan for ${literal(path)} against version ${before.version} \\(${before.digest}\\): 3 changes\\.$`,
        "m",
      ),
    )
    expect(first.stdout).toContain('  update  banner.message: "" → "Maintenance on Saturday 06:00 UTC"\n')
    expect(first.stdout).toContain('  create  features.beta: {"owners":["ada","grace"],"reports":true}\n')
    expect(first.stdout).toContain("  update  maintenance.retryAfterSeconds: 300 → 600\n")
    const after = await listed()
    expect(after.version).toBe(before.version + 1)
    expect(first.stdout).toMatch(
      new RegExp(`^Applied 3 changes: version ${after.version}, digest ${after.digest}\\.$`, "m"),
    )
    expect(stored(after, "maintenance.retryAfterSeconds")).toBe(600)
    expect(stored(after, "features.beta")).toEqual({ reports: true, owners: ["ada", "grace"] })

    const second = await folio(["config", "apply", path])
    expect(second.code, second.stderr).toBe(0)
    expect(second.stdout).toBe(
      `Nothing to change: the configuration already matches ${path} (version ${after.version}).\n`,
    )
    const still = await listed()
    expect(still.version).toBe(after.version)
    expect(still.digest).toBe(after.digest)

    // The same desired state as JSON, from stdin, with the keys in another order: still nothing.
    const piped = await folio(
      ["config", "apply", "-", "--format", "json", "--json"],
      JSON.stringify({
        "features.beta": { owners: ["ada", "grace"], reports: true },
        "maintenance.retryAfterSeconds": 600,
      }),
    )
    expect(piped.code, piped.stderr).toBe(0)
    expect(JSON.parse(piped.stdout)).toMatchObject({
      ok: true,
      changes: [],
      applied: null,
      version: after.version,
    })

    const history = await json<{
      versions: ReadonlyArray<{ version: number; comment: string | null; author: string }>
    }>(["config", "history", "--limit", "1"])
    expect(history.versions[0]).toMatchObject({ version: after.version, comment: "Release 42" })
  })

  it("diff and --dry-run print the plan, change nothing and exit 3; null deletes or resets", async () => {
    const path = await file(
      "dry.yaml",
      ["features.beta: null", "banner.message: null", "maintenance.retryAfterSeconds: 600", ""].join("\n"),
    )
    const before = await listed()
    for (const args of [
      ["config", "diff", path],
      ["config", "apply", path, "--dry-run"],
    ]) {
      const run = await folio(args)
      expect(run.code, run.stderr).toBe(3)
      expect(run.stdout).toContain(
        '  delete  banner.message: "Maintenance on Saturday 06:00 UTC" → "" (its default)\n',
      )
      expect(run.stdout).toContain(
        '  delete  features.beta: {"owners":["ada","grace"],"reports":true} → (deleted)\n',
      )
      expect(run.stdout).not.toContain("maintenance.retryAfterSeconds")
    }
    expect((await folio(["config", "diff", path])).stdout).toMatch(
      /^2 changes to apply \(`folio config apply .*`\)\.$/m,
    )
    expect((await folio(["config", "apply", path, "--dry-run"])).stdout).toMatch(
      /^Dry run: 2 changes would be made; nothing was applied\.$/m,
    )
    const dry = await folio(["config", "apply", path, "--dry-run", "--json"])
    expect(dry.code).toBe(3)
    expect(JSON.parse(dry.stdout)).toMatchObject({
      ok: true,
      dryRun: true,
      applied: null,
      version: before.version,
      digest: before.digest,
      changes: [
        { key: "banner.message", action: "delete", after: "" },
        { key: "features.beta", action: "delete" },
      ],
    })
    expect((await listed()).digest).toBe(before.digest)

    const applied = await folio(["config", "apply", path])
    expect(applied.code, applied.stderr).toBe(0)
    const after = await listed()
    expect(stored(after, "banner.message")).toBe("")
    expect(after.entries.some((entry) => entry.key === "features.beta")).toBe(false)
    const clean = await folio(["config", "diff", path])
    expect(clean.code, clean.stderr).toBe(0)
    expect(clean.stdout).toMatch(/^Nothing to change/)
  })

  it("a stale --if-digest fails with exit 4 and changes nothing; the current one applies", async () => {
    const path = await file("guarded.yaml", "limits.signIn.perAccountPerMinute: 7\n")
    const before = await listed()
    // Someone else changes the store after this digest was read.
    const other = await folio(["config", "set", "other.key", "1"])
    expect(other.code, other.stderr).toBe(0)
    const moved = await listed()
    expect(moved.version).toBe(before.version + 1)

    for (const args of [
      ["config", "apply", path, "--if-digest", before.digest],
      ["config", "apply", path, "--if-digest", before.digest, "--dry-run"],
      ["config", "set", "limits.signIn.perAccountPerMinute", "7", "--if-digest", before.digest],
      ["config", "unset", "other.key", "--if-digest", before.digest],
      ["config", "rollback", "1", "--if-digest", before.digest],
    ]) {
      const run = await folio(args)
      expect(run.code, `${args.join(" ")}: ${run.stderr}`).toBe(4)
      expect(run.stdout).toBe("")
      expect(run.stderr).toContain(
        `The configuration is no longer at --if-digest ${before.digest}: it is at ${moved.digest}. Nothing was changed.`,
      )
    }
    const stale = await folio(["config", "apply", path, "--if-digest", before.digest, "--json"])
    expect(stale.code).toBe(4)
    expect(JSON.parse(stale.stdout)).toMatchObject({ ok: false, error: { code: "PreconditionFailed" } })
    const unchanged = await listed()
    expect(unchanged.digest).toBe(moved.digest)
    expect(stored(unchanged, "limits.signIn.perAccountPerMinute")).toBe(5)

    const fresh = await folio(["config", "apply", path, "--if-digest", moved.digest])
    expect(fresh.code, fresh.stderr).toBe(0)
    expect(stored(await listed(), "limits.signIn.perAccountPerMinute")).toBe(7)
  })

  it("refuses a value its key's schema refuses with file:line and the path, before sending anything", async () => {
    const path = await file(
      "bad.yaml",
      [
        "maintenance.enabled: false",
        "maintenance.retryAfterSeconds: 0",
        "auth.password.enabled: yes",
        "Features.Beta: true",
        "free.list:",
        "  - fine",
        '  - "nul \\0 inside"',
        "maintenance.enabled: true",
        "",
      ].join("\n"),
    )
    const before = await listed()
    const run = await folio(["config", "apply", path])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe("")
    expect(run.stderr).toBe(
      [
        `${path}:2: maintenance.retryAfterSeconds: Retry-After is between 1 and 86400`,
        `${path}:3: auth.password.enabled: Expected true or false`,
        `${path}:4: Features.Beta: A key is a known key or 1–120 lower case letters, digits, dots, underscores and dashes, starting with a letter or digit`,
        `${path}:7: free.list 1: must not contain NUL characters or unpaired surrogates`,
        `${path}:8: maintenance.enabled: maintenance.enabled is already in this file, on line 1`,
        `5 problems in ${path}; nothing was applied (a configuration file is applied whole or not at all).`,
        "",
      ].join("\n"),
    )
    const asJson = await folio(["config", "diff", path, "--json"])
    expect(asJson.code).toBe(1)
    expect(JSON.parse(asJson.stdout).issues).toContainEqual({
      file: path,
      line: 7,
      field: "free.list 1",
      key: "free.list",
      path: [1],
      message: "must not contain NUL characters or unpaired surrogates",
    })
    expect((await listed()).digest).toBe(before.digest)

    const bad = await folio(["config", "set", "maintenance.retryAfterSeconds", "100000"])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toBe("maintenance.retryAfterSeconds: Retry-After is between 1 and 86400.\n")
    expect((await listed()).digest).toBe(before.digest)
  })
})

describe("secrets", { timeout: slow }, () => {
  it("are applied and compared, but never printed by apply, diff, list, get or history", async () => {
    const apiKey = "sk-test-4f9a8b7c6d5e"
    const hook = "hook-secret-0a1b2c"
    const path = await file(
      "secrets.yaml",
      [`ai.openai.apiKey: ${apiKey}`, "secret.webhook:", `  token: ${hook}`, ""].join("\n"),
    )
    const runs: Array<FolioRun> = []
    const run = async (args: ReadonlyArray<string>, code = 0) => {
      const result = await folio(args)
      expect(result.code, `${args.join(" ")}: ${result.stderr}`).toBe(code)
      runs.push(result)
      return result
    }

    const applied = await run(["config", "apply", path])
    expect(applied.stdout).toContain("  create  ai.openai.apiKey: (secret, set)\n")
    expect(applied.stdout).toContain("  create  secret.webhook: (secret, set)\n")
    // The server compares the stored secret: the same file again is an empty plan.
    expect((await run(["config", "diff", path])).stdout).toMatch(/^Nothing to change/)

    expect((await run(["config", "get", "ai.openai.apiKey"])).stdout).toBe("set\n")
    const list = await run(["config", "list"])
    expect(list.stdout).toMatch(/^ai\.openai\.apiKey\s+\(secret\) set\s+known,secret\s/m)
    expect(list.stdout).toMatch(/^secret\.webhook\s+\(secret\) set\s+free,secret\s/m)
    await run(["config", "list", "--json"])
    await run(["config", "get", "secret.webhook", "--json"])
    await run(["config", "history"])
    await run(["config", "history", "--json"])

    const changed = await file("secrets2.yaml", "ai.openai.apiKey: sk-test-rotated-99\n")
    expect((await run(["config", "diff", changed], 3)).stdout).toContain(
      "  update  ai.openai.apiKey: (secret, changed)\n",
    )
    await run(["config", "apply", changed, "--json"])
    // Through stdin, never on the command line.
    const piped = await folio(["config", "set", "secret.other", "--value-stdin"], "piped-secret-77\n")
    expect(piped.code, piped.stderr).toBe(0)
    expect(piped.stdout).toMatch(
      /^Set the secret secret\.other \(its value is never shown; version \d+\)\.\n$/,
    )
    runs.push(piped)

    const unset = await run(["config", "unset", "ai.openai.apiKey"])
    expect(unset.stdout).toMatch(
      /^Unset the secret ai\.openai\.apiKey \(its value is never shown; version \d+\)\.$/m,
    )
    expect((await run(["config", "get", "ai.openai.apiKey"])).stdout).toBe("not set\n")

    for (const result of runs)
      for (const secret of [apiKey, hook, "sk-test-rotated-99", "piped-secret-77"]) {
        expect(result.stdout).not.toContain(secret)
        expect(result.stderr).not.toContain(secret)
      }
  })
})

describe("folio config get | set | unset | list | history | rollback", { timeout: slow }, () => {
  it("sets JSON values, refuses a bare word with the quoting to use, and writes nothing when unchanged", async () => {
    const word = await folio(["config", "set", "banner.message", "hello"])
    expect(word.code).toBe(2)
    expect(word.stderr).toBe(
      `<json>: "hello" is not JSON. A string is JSON in double quotes, inside the shell's quotes: folio config set KEY '"hello"'.\n`,
    )
    const set = await folio(["config", "set", "banner.message", '"Hello, readers"', "--comment", "greeting"])
    expect(set.code, set.stderr).toBe(0)
    const version = (await listed()).version
    expect(set.stdout).toBe(`Set banner.message: "" → "Hello, readers" (version ${version}).\n`)

    const again = await folio(["config", "set", "banner.message", '"Hello, readers"'])
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toBe(
      `banner.message is already "Hello, readers"; nothing changed (version ${version}).\n`,
    )
    expect((await listed()).version).toBe(version)

    const get = await folio(["config", "get", "banner.message"])
    expect(get.code, get.stderr).toBe(0)
    expect(get.stdout).toBe('"Hello, readers"\n')
    expect(get.stderr).toMatch(
      /^banner\.message: known key, last changed \d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)? UTC by /,
    )
    expect(await json(["config", "get", "banner.message"])).toMatchObject({
      ok: true,
      key: "banner.message",
      value: "Hello, readers",
      known: true,
      secret: false,
      version,
    })

    const created = await folio(["config", "set", "team.size", "[1, 2]"])
    expect(created.stdout).toBe(`Created team.size: [1,2] (version ${version + 1}).\n`)
    // A value over several lines keeps its line breaks.
    expect((await folio(["config", "get", "team.size"])).stdout).toBe("[\n  1,\n  2\n]\n")
    const deleted = await folio(["config", "unset", "team.size"])
    expect(deleted.stdout).toBe(`Deleted team.size: [1,2] → (deleted) (version ${version + 2}).\n`)
    const missing = await folio(["config", "get", "team.size"])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/^team\.size is not set \(version \d+\)\./)
    const reset = await folio(["config", "unset", "banner.message"])
    expect(reset.stdout).toBe(
      `Unset banner.message: "Hello, readers" → "" (its default) (version ${version + 3}).\n`,
    )
    const noop = await folio(["config", "unset", "banner.message"])
    expect(noop.stdout).toBe(
      `banner.message is already its default, ""; nothing changed (version ${version + 3}).\n`,
    )

    const typo = await folio(["config", "get", "maintenance.retryafterseconds"])
    expect(typo.code).toBe(2)
    expect(typo.stderr).toContain("did you mean maintenance.retryAfterSeconds?")
  })

  it("lists every key with the version and digest on top", async () => {
    const list = await folio(["config", "list"])
    expect(list.code, list.stderr).toBe(0)
    const { version, digest } = await listed()
    const lines = list.stdout.split("\n")
    expect(lines[0]).toMatch(
      new RegExp(`^Version ${version}, digest ${digest}, \\d+ keys \\(since .* UTC\\)\\.$`),
    )
    expect(lines[1]).toMatch(/^KEY\s+VALUE\s+KIND\s+UPDATED BY\s+UPDATED \(UTC\)$/)
    expect(list.stdout).toMatch(/^maintenance\.enabled\s+false\s+known\s+-\s+-$/m)
    expect(list.stdout).toMatch(/^other\.key\s+1\s+free\s+\S+@\S+\s+\d{4}-/m)
  })

  it("shows the history of a key and rolls the store back to an earlier version as a new one", async () => {
    const start = await listed()
    expect((await folio(["config", "set", "maintenance.retryAfterSeconds", "900"])).code).toBe(0)
    expect(
      (await folio(["config", "set", "maintenance.retryAfterSeconds", "1200", "--comment", "longer"])).code,
    ).toBe(0)

    const history = await folio(["config", "history", "maintenance.retryAfterSeconds"])
    expect(history.code, history.stderr).toBe(0)
    expect(history.stdout).toMatch(/^VERSION\s+WHEN \(UTC\)\s+BY\s+COMMENT\s+CHANGES$/m)
    expect(history.stdout).toMatch(
      new RegExp(
        `^${start.version + 2}\\s+\\S+ \\S+\\s+\\S+@\\S+\\s+longer\\s+update maintenance\\.retryAfterSeconds: 900 → 1200$`,
        "m",
      ),
    )
    const versions = await json<{ versions: ReadonlyArray<{ version: number }> }>([
      "config",
      "history",
      "maintenance.retryAfterSeconds",
      "--all",
    ])
    expect(versions.versions.map((v) => v.version).slice(0, 2)).toEqual([
      start.version + 2,
      start.version + 1,
    ])

    const rollback = await folio(["config", "rollback", String(start.version), "--comment", "undo"])
    expect(rollback.code, rollback.stderr).toBe(0)
    expect(rollback.stdout).toBe(
      [
        `Rolled back to version ${start.version}: version ${start.version + 3} (was ${start.version + 2}), 1 change.`,
        `  update  maintenance.retryAfterSeconds: 1200 → ${stored(start, "maintenance.retryAfterSeconds")}`,
        "",
      ].join("\n"),
    )
    const again = await folio(["config", "rollback", String(start.version)])
    expect(again.stdout).toBe(
      `The store already holds what version ${start.version} held; nothing changed (version ${start.version + 3}).\n`,
    )
    const none = await folio(["config", "rollback", "99999"])
    expect(none.code).toBe(1)
    expect(none.stderr).toContain("There is no version 99999 to roll back to.")
    const latest = await json<{
      versions: ReadonlyArray<{ rollbackOf: number | null; comment: string | null }>
    }>(["config", "history", "--limit", "1"])
    expect(latest.versions[0]).toMatchObject({ rollbackOf: start.version, comment: "undo" })
  })

  it("a token without the admin scope can read but not write", async () => {
    const created = await runFolio(["tokens", "create", "--name", "ci-read", "--scope", "read", "--json"], {
      configDir: admin.path,
    })
    const readToken = (JSON.parse(created.stdout) as { secret: string }).secret
    const asReader = (args: ReadonlyArray<string>) =>
      runFolio(args, { configDir: ci.path, env: { FOLIO_URL: server.url, FOLIO_TOKEN: readToken } })
    expect((await asReader(["config", "get", "maintenance.enabled"])).stdout).toBe("false\n")
    const write = await asReader(["config", "set", "x.y", "1"])
    expect(write.code).toBe(1)
    expect(write.stderr).toContain('This API token lacks the "admin" scope.')
  })
})

describe("--help", { timeout: slow }, () => {
  it("every config and maintenance command has help with an example", async () => {
    const commands = [
      ["config"],
      ["config", "list"],
      ["config", "get"],
      ["config", "set"],
      ["config", "unset"],
      ["config", "diff"],
      ["config", "apply"],
      ["config", "history"],
      ["config", "rollback"],
      ["maintenance"],
      ["maintenance", "on"],
      ["maintenance", "off"],
      ["maintenance", "status"],
    ]
    const runs = await Promise.all(commands.map((command) => folio([...command, "--help"])))
    runs.forEach((run, index) => {
      const name = commands[index]?.join(" ")
      expect(run.code, name).toBe(0)
      expect(run.stdout, name).toContain(`Usage: folio ${name}`)
      expect(run.stdout, name).toMatch(new RegExp(`Examples:\\n  \\$ folio ${name}`))
    })
  })
})
