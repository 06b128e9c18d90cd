import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type ReportsWorld, startReportsWorld, symbols } from "./support/reports.js"

let world: ReportsWorld

beforeAll(async () => {
  world = await startReportsWorld()
})
afterAll(async () => {
  await world?.stop()
})

interface TickerDoc {
  readonly symbol: string
  readonly name: string
  readonly sector: string
  readonly active: boolean
}

const listed = async (args: ReadonlyArray<string> = []) =>
  (await world.json<{ tickers: ReadonlyArray<TickerDoc> }>(["tickers", "list", "--all", ...args])).tickers

describe("folio tickers", () => {
  it("lists the imported tickers by symbol, filtered by text and sector", async () => {
    expect((await listed()).map((ticker) => ticker.symbol)).toEqual([...symbols].sort())
    expect((await listed(["--q", "brk"])).map((ticker) => ticker.symbol)).toEqual(["BRK.B"])
    expect((await listed(["--sector", "Financials"])).map((ticker) => ticker.symbol)).toEqual([
      "BRK.B",
      "JPM",
      "XOM",
    ])
    const plain = await world.folio(["tickers", "list", "--q", "AAPL"])
    expect(plain.code, plain.stderr).toBe(0)
    expect(plain.stdout).toMatch(/^SYMBOL\s+NAME\s+EXCHANGE\s+SECTOR\s+CCY\s+COUNTRY\s+ACTIVE\s+REPORTS$/m)
    expect(plain.stdout).toMatch(/^AAPL\s+AAPL Inc\.\s+NASDAQ\s+Technology\s+USD\s+US\s+yes\s+\d+$/m)
  })

  it("refuses a file with bad rows, naming file:line and field, and writes nothing", async () => {
    const file = await world.file(
      "bad-tickers.csv",
      [
        "symbol,name,exchange,sector,currency,country,active",
        "NEW1,New One,NYSE,Energy,USD,US,true",
        "bad symbol,Bad,NYSE,Energy,USD,US,true",
        "NEW2,New Two,NYSE,Energy,dollars,US,maybe",
        "NEW1,Again,NYSE,Energy,USD,US,",
        ",No symbol,NYSE,Energy,USD,US,",
      ].join("\n"),
    )
    const run = await world.folio(["tickers", "import", file])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe("")
    expect(run.stderr).toBe(
      [
        `${file}:3: symbol: A ticker symbol is 1–12 characters: letters, digits, '.' and '-', starting with a letter or digit`,
        `${file}:4: currency: Currency is a three-letter ISO code such as USD`,
        `${file}:4: active: active is "true" or "false" (or yes/no, 1/0; blank means true)`,
        `${file}:5: symbol: NEW1 is already on line 2`,
        `${file}:6: symbol: symbol is required`,
        `5 problems in ${file}; no ticker was imported (a file is imported whole or not at all).`,
        "",
      ].join("\n"),
    )
    expect((await listed(["--q", "NEW"])).length).toBe(0)
  })

  it("dry-runs, then creates and updates by symbol", async () => {
    const csv = [
      "symbol,name,exchange,sector,currency,country,active",
      "shel,Shell plc,LSE,Energy,gbp,gb,yes",
      "AAPL,Apple Inc.,NASDAQ,Technology,USD,US,true",
      "7203.T,Toyota Motor Corp.,TSE,Consumer Discretionary,JPY,JP,0",
    ].join("\n")
    const file = await world.file("more-tickers.csv", csv)

    const dry = await world.folio(["tickers", "import", file, "--dry-run"])
    expect(dry.code, dry.stderr).toBe(0)
    expect(dry.stdout).toBe(
      `Dry run: 3 tickers in ${file} are valid (2 new, 1 updated, 0 unchanged); nothing was written.\n`,
    )
    expect((await listed(["--q", "SHEL"])).length).toBe(0)

    const run = await world.json<{ created: number; updated: number; unchanged: number }>([
      "tickers",
      "import",
      file,
    ])
    expect(run).toMatchObject({ ok: true, created: 2, updated: 1, unchanged: 0 })
    expect(await listed(["--q", "7203"])).toEqual([
      expect.objectContaining({ symbol: "7203.T", sector: "Consumer Discretionary", active: false }),
    ])
    expect(await listed(["--q", "SHEL"])).toEqual([
      expect.objectContaining({ symbol: "SHEL", name: "Shell plc" }),
    ])

    const again = await world.folio(["tickers", "import", file])
    expect(again.stdout).toBe(`Imported 3 tickers from ${file} (0 new, 0 updated, 3 unchanged).\n`)
  })
})
