import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { assertFreshBuild, runFolio, tempConfigDir } from "./support/folio.js"

let config: Awaited<ReturnType<typeof tempConfigDir>>

beforeAll(assertFreshBuild)
beforeEach(async () => {
  config = await tempConfigDir()
})
afterEach(() => config.remove())

const folio = (args: ReadonlyArray<string>, options: { env?: Record<string, string> } = {}) =>
  runFolio(args, { configDir: config.path, ...options })

/** Help text as one line: Commander wraps it to the terminal's width. */
const oneLine = (text: string) => text.replace(/\s+/g, " ")

describe("help and usage faults", () => {
  it("says in `folio tokens --help` that scopes nest, as the server enforces them", async () => {
    const run = await folio(["tokens", "--help"])
    expect(run.code).toBe(0)
    const help = oneLine(run.stdout)
    expect(help).toContain("Scopes nest: write includes read, and admin includes write and read")
    expect(help).not.toContain("do not include each other")
  })

  it("says a FOLIO_TOKEN holding a control character is malformed, not that the address is wrong", async () => {
    const run = await folio(["whoami"], {
      env: { FOLIO_URL: "http://127.0.0.1:9", FOLIO_TOKEN: "folio_pat_abc\u0001def" },
    })
    expect(run.code).toBe(1)
    expect(run.stdout).toBe("")
    expect(run.stderr).toContain(
      "FOLIO_TOKEN is malformed: it holds a control character (U+0001) at position 14",
    )
    expect(run.stderr).not.toMatch(/Cannot reach|Check the address/)
  })

  it.each(["frobnicate --help", "frobnicate"])(
    "refuses the unknown command in `folio %s` as a usage error (exit 2), not with the top-level help",
    async (command) => {
      const run = await folio(command.split(" "))
      expect(run.code).toBe(2)
      expect(run.stdout).toBe("")
      expect(run.stderr).toMatch(/^error: unknown command 'frobnicate'\n/)
    },
  )

  it("suggests the close command for a typo, with --help, and checks subcommands too", async () => {
    const typo = await folio(["tokns", "--help"])
    expect(typo.code).toBe(2)
    expect(typo.stdout).toBe("")
    expect(typo.stderr).toContain("error: unknown command 'tokns'\n(Did you mean tokens?)")

    const nested = await folio(["tokens", "lst", "--help"])
    expect(nested.code).toBe(2)
    expect(nested.stderr).toContain("error: unknown command 'lst' for tokens\n(Did you mean list?)")

    const known = await folio(["tokens", "list", "--help"])
    expect(known.code).toBe(0)
    expect(known.stdout).toContain("Usage: folio tokens list")
  })
})
