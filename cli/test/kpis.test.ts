import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { addStaff, type Staff } from "./support/analysts.js"
import { type ReportsWorld, startReportsWorld } from "./support/reports.js"

let world: ReportsWorld
let ada: Staff

beforeAll(async () => {
  world = await startReportsWorld()
  ;[ada] = await addStaff(world, [{ email: "ada@folio.test", name: "Ada Analyst", role: "analyst" }])
}, 180_000)
afterAll(async () => {
  await world?.stop()
})

const header = "ticker,metric,period,kind,value,unit,source"
const tickers = ["AAPL", "MSFT", "NVDA", "AMZN", "GOOGL"]
const metrics = [
  ["Revenue", "USD m"],
  ["Gross margin", "%"],
  ["Units", "units"],
  ["EPS", "USD"],
] as const
/** 125 quarters from 1995Q1: 5 tickers × 4 metrics × 125 periods × 2 kinds = 5,000 values. */
const quarters = Array.from({ length: 125 }, (_, i) => `${1995 + Math.floor(i / 4)}Q${(i % 4) + 1}`)

interface Planted {
  readonly field: string
  readonly message: string
  readonly row: (cells: ReadonlyArray<string>, previous: ReadonlyArray<string>) => ReadonlyArray<string>
}

/** Six ways to be wrong: four the CLI finds, two only the server can tell. */
const planted: ReadonlyArray<Planted> = [
  {
    field: "period",
    message: 'A period is a quarter (2026Q3), a half year (2026H1) or a fiscal year (FY2026) (got "2026Q5")',
    row: (c) => [c[0]!, c[1]!, "2026Q5", c[3]!, c[4]!, c[5]!, c[6]!],
  },
  {
    field: "kind",
    message: 'kind must be one of actual, estimate (got "forecast")',
    row: (c) => [c[0]!, c[1]!, c[2]!, "forecast", c[4]!, c[5]!, c[6]!],
  },
  {
    field: "value",
    message: 'value must be a number such as 1234.5 or -0.8, without thousands separators (got "n/a")',
    row: (c) => [c[0]!, c[1]!, c[2]!, c[3]!, "n/a", c[5]!, c[6]!],
  },
  {
    field: "ticker",
    message: "No ticker ZZZZ; add it on the Tickers screen or with folio tickers import first",
    row: (c) => ["ZZZZ", c[1]!, c[2]!, c[3]!, c[4]!, c[5]!, c[6]!],
  },
  {
    field: "unit",
    message: 'unit is required the first time a metric is named: AMZN has no metric "Backlog" yet',
    row: (c) => [c[0]!, "Backlog", c[2]!, c[3]!, c[4]!, "", c[6]!],
  },
  {
    field: "period",
    message: "The actual of GOOGL Revenue for 2026Q1 is already on line 4251",
    row: (_, previous) => previous,
  },
]

/** Row index i sits on line i + 2; rows 250, 1,050, 1,850 … 4,250 (every 800th) are broken, one of each kind. */
const brokenAt = (index: number): Planted | undefined =>
  index % 800 === 250 ? planted[((index - 250) / 800) % planted.length] : undefined

const goodRows = (): Array<ReadonlyArray<string>> => {
  const rows: Array<ReadonlyArray<string>> = []
  for (const ticker of tickers)
    for (const [metric, unit] of metrics)
      for (const [q, period] of quarters.entries())
        for (const kind of ["estimate", "actual"]) {
          const base = 100 + q + tickers.indexOf(ticker)
          // Exact in binary, so the values come back as written: a surprise of +25%.
          const value = kind === "estimate" ? base : base * 1.25
          rows.push([
            ticker,
            metric,
            period,
            kind,
            String(value),
            unit,
            kind === "actual" ? "10-Q" : "Consensus",
          ])
        }
  return rows
}

const csvOf = (rows: ReadonlyArray<ReadonlyArray<string>>, first = header) =>
  `${[first, ...rows.map((row) => row.join(","))].join("\n")}\n`

const brokenCsv = () => {
  const good = goodRows()
  return csvOf(good.map((row, index) => brokenAt(index)?.row(row, good[index - 1] ?? row) ?? row))
}

interface Summary {
  readonly ok: boolean
  readonly rows: Record<string, number>
  readonly metricsCreated: number
  readonly issues: ReadonlyArray<{ line: number; field: string; message: string }>
}

interface TickerSummary {
  readonly symbol: string
  readonly metrics: number
  readonly values: number
  readonly latestActual: string | null
}

const kpiTickers = async () =>
  (await world.json<{ tickers: ReadonlyArray<TickerSummary> }>(["kpis", "list"])).tickers

describe("folio kpis import of a 5,000-value CSV", () => {
  it("keeps the good rows, names each bad row by line and field, and changes nothing the second time", async () => {
    const file = await world.file("kpis.csv", brokenCsv())
    const expected = Array.from({ length: 5000 }, (_, index) => index)
      .filter((index) => brokenAt(index) !== undefined)
      .map((index) => ({ line: index + 2, field: brokenAt(index)!.field }))
    expect(expected).toHaveLength(6)

    const first = await world.folio(["kpis", "import", file])
    expect(first.code, first.stderr).toBe(1)
    expect(first.stdout).toMatch(
      /^Imported 4,994 of 5,000 values from .+kpis\.csv in .+ \([\d,]+ rows\/s\): 4,994 created, 0 updated, 0 unchanged; 20 metrics created\.$/m,
    )
    expect(first.stdout).toContain("6 refused (the problems are listed on stderr).")
    expect(first.stderr).toMatch(/^Importing 1 file \([\d.]+ KB\), sending batches as they are read\.$/m)
    expect(first.stderr).not.toContain("\u001b[")
    // Every refused row, local and the server's, as file:line: field: message, by line.
    const problems = first.stderr.split("\n").filter((line) => line.startsWith(`${file}:`))
    expect(
      problems.map((line) =>
        line
          .slice(file.length + 1)
          .split(": ")
          .slice(0, 2),
      ),
    ).toEqual(expected.map(({ line, field }) => [String(line), field]))
    expect(problems).toEqual(
      expected.map(({ line, field }, index) => `${file}:${line}: ${field}: ${planted[index]!.message}`),
    )

    const stored = await kpiTickers()
    expect(stored.map((row) => [row.symbol, row.metrics])).toEqual([
      ["AAPL", 4],
      ["AMZN", 4],
      ["GOOGL", 4],
      ["MSFT", 4],
      ["NVDA", 4],
    ])
    expect(stored.reduce((sum, row) => sum + row.values, 0)).toBe(4_994)
    expect(stored[0]?.latestActual).toBe("2026Q1")

    const apple = await world.json<{
      kpis: {
        metrics: ReadonlyArray<{ name: string; unit: string; values: ReadonlyArray<Record<string, unknown>> }>
      }
    }>(["kpis", "list", "AAPL"])
    const revenue = apple.kpis.metrics.find((metric) => metric.name === "Revenue")
    expect(revenue?.unit).toBe("USD m")
    expect(revenue?.values.at(-1)).toMatchObject({
      period: "2026Q1",
      estimate: 224,
      actual: 280,
      surprise: 0.25,
    })
    const table = await world.folio(["kpis", "list", "AAPL"])
    expect(table.stdout).toMatch(/^METRIC\s+UNIT\s+PERIOD\s+ACTUAL\s+ESTIMATE\s+SURPRISE\s+SOURCE$/m)
    expect(table.stdout).toMatch(/^Revenue\s+USD m\s+2026Q1\s+280\s+224\s+\+25\.0%\s+10-Q \/ Consensus$/m)

    // The same file again: every stored value is unchanged, the same rows refused.
    const again = await world.folio(["kpis", "import", file, "--json"])
    expect(again.code, again.stderr).toBe(1)
    const summary = JSON.parse(again.stdout) as Summary
    expect(summary).toMatchObject({
      ok: false,
      rows: { total: 5_000, created: 0, updated: 0, unchanged: 4_994, failed: 6, notSent: 0 },
      metricsCreated: 0,
    })
    expect(summary.issues.map(({ line, field }) => ({ line, field }))).toEqual(expected)
    expect(again.stderr).toBe("")
  }, 240_000)

  it("writes nothing on --dry-run, and counts what would change", async () => {
    const rows = quarters
      .slice(0, 20)
      .map((period, i) => ["META", "Daily users", period, "actual", String(3000 + i), "m", ""])
    const dry = await world.folio(["kpis", "import", "-", "--dry-run"], { stdin: csvOf(rows) })
    expect(dry.code, dry.stderr).toBe(0)
    expect(dry.stdout).toMatch(
      /^Dry run: 20 of 20 values from stdin would be imported in .+: 20 new, 0 to update, 0 unchanged; 1 new metric; nothing was written\.$/m,
    )
    expect((await kpiTickers()).map((row) => row.symbol)).not.toContain("META")
    const real = await world.folio(["kpis", "import", "-", "--json"], { stdin: csvOf(rows) })
    expect(JSON.parse(real.stdout)).toMatchObject({ ok: true, rows: { created: 20 }, metricsCreated: 1 })
  }, 120_000)

  it("refuses a header with an unknown or missing column before sending anything", async () => {
    const rows = [["TSLA", "Deliveries", "2026Q1", "actual", "410", "k", ""]]
    const unknown = await world.file("unknown.csv", csvOf(rows, `${header},comment`))
    // A server that is not there: the header is refused before any request is tried.
    const run = await world.folio(["kpis", "import", unknown, "--url", "http://127.0.0.1:9"])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe("")
    expect(run.stderr).toBe(
      `${unknown}:1: Unknown column "comment"; the columns are ticker, metric, period, kind, value, unit, source. Fix the header row; nothing was sent.\n`,
    )
    const missing = await world.file(
      "missing.csv",
      csvOf([["TSLA", "Deliveries", "2026Q1", "actual"]], "ticker,metric,period,kind"),
    )
    const json = await world.folio(["kpis", "import", missing, "--json"])
    expect(json.code).toBe(1)
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: false,
      error: {
        code: "InvalidFile",
        message: expect.stringContaining(`${missing}:1: The header has no "value" column.`),
      },
    })
    expect((await kpiTickers()).map((row) => row.symbol)).not.toContain("TSLA")
  }, 120_000)

  it("lets an analyst import only for the tickers they cover, naming the others' rows", async () => {
    expect((await ada.folio(["coverage", "set", "TSLA", "--rating", "buy"])).code).toBe(0)
    const file = await world.file(
      "ada.csv",
      csvOf([
        ["TSLA", "Deliveries", "2026Q1", "actual", "410", "k", ""],
        ["JPM", "Loans", "2026Q1", "actual", "1300", "USD bn", ""],
      ]),
    )
    const errorsOut = join(world.dir, "ada-errors.csv")
    const run = await ada.folio(["kpis", "import", file, "--errors-out", errorsOut])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(
      `${file}:3: ticker: You do not cover JPM; analysts import KPIs only for tickers they cover\n`,
    )
    expect(run.stdout).toContain("Imported 1 of 2 values")
    expect((await readFile(errorsOut, "utf8")).split("\n")[1]).toBe(
      `${file},3,ticker,You do not cover JPM; analysts import KPIs only for tickers they cover`,
    )
  }, 120_000)
})
