import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { cliSignIn, databaseOf } from "../../server/test/support/directory.js"
import { addStaff, type Staff } from "./support/analysts.js"
import { type ReportsWorld, startReportsWorld } from "./support/reports.js"

let world: ReportsWorld
let ada: Staff
let bob: Staff

beforeAll(async () => {
  world = await startReportsWorld()
  ;[ada, bob] = await addStaff(world, [
    { email: "ada@folio.test", name: "Ada Analyst", role: "analyst" },
    { email: "bob@folio.test", name: "Bob Analyst", role: "analyst" },
  ])
}, 180_000)
afterAll(async () => {
  await world?.stop()
})

interface Row {
  readonly symbol: string
  readonly analystName: string
  readonly rating: string
  readonly targetPrice: number | null
  readonly targetCurrency: string | null
  readonly droppedAt: string | null
}

/** A reader of a client company, who sees only their own user in the directory. */
const clientReader = async () => {
  const db = databaseOf(world.server)
  try {
    const companyId = await db.company("coverage-client")
    await db.user({ email: "cleo@client.test", name: "Cleo Reader", companyId, role: "reader" })
  } finally {
    await db.close()
  }
  const token = await cliSignIn(world.server, "cleo@client.test")
  return { folio: (args: ReadonlyArray<string>) => world.withToken(token, args) }
}

const listed = async (args: ReadonlyArray<string> = []) =>
  (await world.json<{ coverage: ReadonlyArray<Row> }>(["coverage", "list", ...args])).coverage

// Each test runs several `folio` processes one after the other: on a busy machine that takes a while.
const slow = 180_000

describe("folio coverage", () => {
  it(
    "initiates, then changes showing from → to, and lists it",
    async () => {
      const initiate = await ada.folio(["coverage", "set", "aapl", "--rating", "buy", "--target", "215"])
      expect(initiate.code, initiate.stderr).toBe(0)
      expect(initiate.stdout).toBe("Initiated coverage of AAPL (Ada Analyst): buy, target 215.00 USD.\n")

      const change = await ada.folio(["coverage", "set", "AAPL", "--rating", "hold", "--target", "198.5"])
      expect(change.code, change.stderr).toBe(0)
      expect(change.stdout).toBe(
        "Changed coverage of AAPL (Ada Analyst): buy → hold, target 215.00 USD → 198.50 USD.\n",
      )

      // The target left out is kept, not cleared; the same call again changes nothing.
      const same = await ada.folio(["coverage", "set", "AAPL", "--rating", "Hold"])
      expect(same.code, same.stderr).toBe(0)
      expect(same.stdout).toBe("AAPL (Ada Analyst) is already hold, target 198.50 USD; nothing changed.\n")

      // An editor (here the admin) names the analyst by email.
      const forBob = await world.folio([
        "coverage",
        "set",
        "MSFT",
        "--rating",
        "sell",
        "--analyst",
        bob.email,
        "--note",
        "Cloud growth priced in",
      ])
      expect(forBob.code, forBob.stderr).toBe(0)
      expect(forBob.stdout).toBe("Initiated coverage of MSFT (Bob Analyst): sell, no target.\n")

      expect(await listed()).toEqual([
        expect.objectContaining({
          symbol: "AAPL",
          analystName: "Ada Analyst",
          rating: "hold",
          targetPrice: 198.5,
          targetCurrency: "USD",
          droppedAt: null,
        }),
        expect.objectContaining({
          symbol: "MSFT",
          analystName: "Bob Analyst",
          rating: "sell",
          targetPrice: null,
        }),
      ])
      expect((await listed(["--analyst", ada.email])).map((row) => row.symbol)).toEqual(["AAPL"])
      // A client's reader may not search the directory: the analyst's name is found all the same.
      const reader = await clientReader()
      const byName = await reader.folio(["coverage", "list", "--analyst", "ada analyst", "--json"])
      expect(byName.code, byName.stderr).toBe(0)
      expect(JSON.parse(byName.stdout).coverage.map((row: Row) => row.symbol)).toEqual(["AAPL"])
      expect((await listed(["--rating", "sell"])).map((row) => row.symbol)).toEqual(["MSFT"])

      const table = await world.folio(["coverage", "list", "--ticker", "AAPL"])
      expect(table.code, table.stderr).toBe(0)
      expect(table.stdout).toMatch(
        /^TICKER\s+ANALYST\s+RATING\s+TARGET\s+SINCE\s+LAST REPORT\s+SECTOR\s+REPORT$/m,
      )
      expect(table.stdout).toMatch(
        /^AAPL\s+Ada Analyst\s+hold\s+198\.50 USD\s+\d{4}-\d\d-\d\d\s+-\s+Technology\s+-$/m,
      )
    },
    slow,
  )

  it(
    "passes on the server's 403 when an analyst sets another analyst's coverage",
    async () => {
      const run = await bob.folio(["coverage", "set", "AAPL", "--rating", "sell", "--analyst", ada.email])
      expect(run.code).toBe(1)
      expect(run.stdout).toBe("")
      expect(run.stderr).toBe("Analysts may change only their own coverage.\n")
      const json = await bob.folio(["coverage", "drop", "AAPL", "--analyst", ada.email, "--json"])
      expect(json.code).toBe(1)
      expect(JSON.parse(json.stdout)).toEqual({
        ok: false,
        error: { code: "Forbidden", message: "Analysts may change only their own coverage." },
      })
      expect((await listed(["--ticker", "AAPL"]))[0]).toMatchObject({
        rating: "hold",
        analystName: "Ada Analyst",
      })
    },
    slow,
  )

  it(
    "drops coverage, keeps it with --include-dropped, and lists the history",
    async () => {
      const drop = await world.folio(["coverage", "drop", "MSFT", "--analyst", bob.email])
      expect(drop.code, drop.stderr).toBe(0)
      expect(drop.stdout).toBe("Dropped coverage of MSFT (Bob Analyst) (was sell, no target).\n")
      expect((await listed()).map((row) => row.symbol)).toEqual(["AAPL"])
      expect(await listed(["--include-dropped", "--ticker", "MSFT"])).toEqual([
        expect.objectContaining({ symbol: "MSFT", droppedAt: expect.any(String) }),
      ])
      const again = await world.folio(["coverage", "drop", "MSFT", "--analyst", bob.email])
      expect(again.code).toBe(1)
      expect(again.stderr).toBe("Bob Analyst does not cover MSFT.\n")

      const history = await world.folio(["coverage", "history", "AAPL"])
      expect(history.code, history.stderr).toBe(0)
      const lines = history.stdout.trimEnd().split("\n")
      expect(lines[0]).toMatch(/^DATE\s+ANALYST\s+CHANGE\s+RATING\s+TARGET\s+BY\s+NOTE$/)
      expect(lines.slice(1).map((line) => line.replace(/^\S+\s+/, "").replace(/\s+/g, " "))).toEqual([
        "Ada Analyst change buy → hold 215 → 198.5 USD Ada Analyst -",
        "Ada Analyst initiate buy 215 USD Ada Analyst -",
      ])
      const msft = await world.json<{ changes: ReadonlyArray<{ kind: string; note: string | null }> }>([
        "coverage",
        "history",
        "MSFT",
      ])
      expect(msft.changes.map((change) => [change.kind, change.note])).toEqual([
        ["drop", null],
        ["initiate", "Cloud growth priced in"],
      ])
    },
    slow,
  )

  it(
    "escapes control characters the server sends back",
    async () => {
      const note = "Rerated \u001b]0;pwned\u0007 on guidance"
      const set = await ada.folio(["coverage", "set", "NVDA", "--rating", "buy", "--note", note])
      expect(set.code, set.stderr).toBe(0)
      const history = await world.folio(["coverage", "history", "NVDA"])
      expect(history.stdout).not.toContain("\u001b")
      expect(history.stdout).toContain("Rerated \\e]0;pwned\\a on guidance")
    },
    slow,
  )

  it(
    "refuses a bad rating, sort or price before any request",
    async () => {
      const rating = await world.folio(["coverage", "set", "AAPL", "--rating", "strong buy"])
      expect(rating.code).toBe(2)
      expect(rating.stderr).toContain('rating must be one of buy, hold, sell, not_rated (got "strong buy")')
      const sort = await world.folio(["coverage", "list", "--sort", "price"])
      expect(sort.code).toBe(2)
      expect(sort.stderr).toContain("Allowed choices are symbol, -symbol, analyst")
      const price = await world.folio(["coverage", "set", "AAPL", "--rating", "buy", "--target", "cheap"])
      expect(price.code).toBe(2)
      expect(price.stderr).toBe('--target takes a price such as 215.5, or none to clear it (got "cheap").\n')
      const negative = await world.folio(["coverage", "set", "AAPL", "--rating", "buy", "--target", "-3"])
      expect(negative.code).toBe(1)
      expect(negative.stderr).toBe("--target: Target price must be positive.\n")
      const missing = await world.folio(["coverage", "set", "AAPL"])
      expect(missing.code).toBe(2)
      expect(missing.stderr).toContain("error: required option '--rating <rating>' not specified")
      const help = await world.folio(["coverage", "set", "--help"])
      expect(help.code).toBe(0)
      expect(help.stdout).toContain("$ folio coverage set AAPL --rating buy --target 215")
    },
    slow,
  )
})
