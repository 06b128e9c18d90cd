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
})
