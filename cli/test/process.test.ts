import { spawn } from "node:child_process"
import { readFile } from "node:fs/promises"
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { freePort } from "../../server/test/support/server.js"
import { assertFreshBuild, folioBin, runFolio, tempConfigDir } from "./support/folio.js"

let config: Awaited<ReturnType<typeof tempConfigDir>>

beforeAll(assertFreshBuild)
beforeEach(async () => {
  config = await tempConfigDir()
})
afterEach(() => config.remove())

const folio = (args: ReadonlyArray<string>, options: { env?: Record<string, string>; stdin?: string } = {}) =>
  runFolio(args, { configDir: config.path, ...options })

describe("folio without a server", () => {
  it("prints the package version for --version", async () => {
    const cliPackage: unknown = JSON.parse(
      await readFile(new URL("../package.json", import.meta.url), "utf8"),
    )
    const run = await folio(["--version"])
    expect(run).toMatchObject({ code: 0, stderr: "" })
    expect(cliPackage).toMatchObject({ version: run.stdout.trim() })
  })

  it("lists every command in --help", async () => {
    const run = await folio(["--help"])
    expect(run.code).toBe(0)
    for (const command of ["doctor", "login", "logout", "whoami", "tokens", "users", "companies", "teams"])
      expect(run.stdout).toContain(command)
    expect(run.stdout).toContain("FOLIO_TOKEN")
  })

  it.each([
    "doctor",
    "login",
    "logout",
    "whoami",
    "tokens",
    "tokens list",
    "tokens create",
    "tokens revoke",
    "users",
    "users list",
    "users invite",
    "users set-role",
    "users disable",
    "users enable",
    "companies",
    "companies list",
    "companies create",
    "teams",
    "teams list",
    "teams create",
    "teams add-member",
    "teams remove-member",
  ])("gives %s a --help with examples", async (command) => {
    const run = await folio([...command.split(" "), "--help"])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`Usage: folio ${command}`)
    expect(run.stdout).toContain("Examples:")
    expect(run.stdout).toContain(`$ folio ${command}`)
  })

  it.each([
    ["users", "list"],
    ["tokens", "list"],
    ["teams", "list", "--company", "acme"],
  ])("says %s needs a sign-in before contacting anyone", async (...args) => {
    const run = await folio(args)
    expect(run.code).toBe(1)
    expect(run.stdout).toBe("")
    expect(run.stderr).toContain("Not signed in.")
  })

  it("stops quietly with 141 when its reader closes the pipe (`folio --help | head -c0`)", async () => {
    const child = spawn(process.execPath, [folioBin, "--help"], {
      env: { ...process.env, FOLIO_CONFIG_DIR: config.path },
      stdio: ["ignore", "pipe", "pipe"],
    })
    // The reader is gone before Node in the child has started, so its first write meets EPIPE.
    child.stdout.destroy()
    let stderr = ""
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve))
    expect({ code, stderr }).toEqual({ code: 141, stderr: "" })
  })

  it("fails doctor against a closed port with one clear line on stderr and nothing on stdout", async () => {
    const url = `http://127.0.0.1:${await freePort()}`
    const run = await folio(["doctor", "--url", url])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe("")
    expect(run.stderr).toBe(
      `Cannot reach Folio at ${url}: connection refused. Is the server running? Start it with \`npm start\` or pass --url.\n`,
    )
  })

  it("still prints one JSON document for doctor --json when the server is down", async () => {
    const url = `http://127.0.0.1:${await freePort()}`
    const run = await folio(["doctor", "--json", "--url", url])
    expect(run.code).toBe(1)
    expect(JSON.parse(run.stdout)).toMatchObject({
      ok: false,
      url,
      server: { reachable: false },
      error: { code: "Unreachable" },
    })
    expect(run.stderr).toContain("connection refused")
  })

  it("uses FOLIO_URL when no --url is given", async () => {
    const url = `http://127.0.0.1:${await freePort()}`
    const run = await folio(["doctor"], { env: { FOLIO_URL: url } })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`Cannot reach Folio at ${url}:`)
  })

  it("refuses to prompt for a password without a terminal and names the flag to use", async () => {
    const run = await folio(["login", "--url", "http://127.0.0.1:9", "--email", "ada@example.com"])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe("")
    expect(run.stderr).toContain("--password-stdin")
    expect(run.stderr).not.toMatch(/\n\s+at /)
  })

  it("rejects a malformed email before contacting anyone", async () => {
    const run = await folio(["login", "--email", "not-an-email", "--password-stdin"], { stdin: "x" })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain("--email: Enter an email address like name@example.com")
  })

  it("rejects an unknown option as a usage error (exit 2)", async () => {
    const run = await folio(["doctor", "--bogus"])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain("unknown option '--bogus'")
  })

  it("says so when whoami has no credential", async () => {
    const run = await folio(["whoami", "--json"])
    expect(run.code).toBe(1)
    expect(JSON.parse(run.stdout)).toEqual({
      ok: false,
      error: { code: "NotSignedIn", message: expect.stringContaining("Not signed in.") },
    })
  })
})
