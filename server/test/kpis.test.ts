import {
  type ImportIssue,
  KpiImportResult,
  type KpiRowIssue,
  KpiTickerList,
  kpiImportBatchSize,
  parseKpiCsv,
  TickerKpis,
} from "@folio/core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiCall, cliSignIn, databaseOf, decodeBody } from "./support/directory.js"
import { startTestServer, type TestServer } from "./support/server.js"

let server: TestServer
let db: ReturnType<typeof databaseOf>
const tokens: Record<string, string> = {}

const as = (who: string) => (method: string, path: string, body?: unknown) =>
  apiCall(server, tokens[who] ?? null, method, path, body)

const symbols = ["AAA", "BBB", "CCC", "DDD", "EEE"]
const metrics = [
  ["Revenue", "USD m"],
  ["EPS", "USD"],
  ["Gross margin", "%"],
  ["Units shipped", "m"],
] as const
/** 5 tickers × 4 metrics × 125 quarters × 2 kinds = 5,000 values. */
const quarters = Array.from({ length: 125 }, (_, i) => `${1990 + Math.floor(i / 4)}Q${(i % 4) + 1}`)

/**
 * A 5,000-value KPI CSV and the lines where errors are planted: those the client's reader refuses
 * (bad period, kind, value, a value twice) and those only the server can (unknown ticker, unit
 * differing from the metric's, a period of another frequency, a new metric without a unit).
 */
const plantedCsv = () => {
  const lines = ["ticker,metric,period,kind,value,unit,source"]
  for (const symbol of symbols)
    for (const [metric, unit] of metrics)
      for (const [q, period] of quarters.entries())
        for (const kind of ["estimate", "actual"])
          lines.push(
            `${symbol},${metric},${period},${kind},${(100 + q + (kind === "actual" ? 0.5 : 0)).toFixed(1)},${unit},Model`,
          )
  const plant = (line: number, text: string) => {
    lines[line - 1] = text
  }
  plant(10, "AAA,Revenue,2026Q5,actual,1,USD m,")
  plant(20, "AAA,Revenue,2026Q2,forecast,1,USD m,")
  plant(30, "AAA,Revenue,2026Q3,actual,12.3x,USD m,")
  plant(40, "ZZZ,Revenue,2026Q3,actual,1,USD m,")
  plant(50, "AAA,Revenue,2027Q1,actual,1,EUR m,")
  plant(60, "AAA,Revenue,FY2027,actual,1,USD m,")
  plant(70, "AAA,Backlog,2026Q3,actual,1,,")
  lines.push(lines[1]!)
  return { text: `${lines.join("\n")}\n`, total: lines.length - 1 }
}

const importFile = async (text: string, dryRun = false) => {
  const parsed = parseKpiCsv("kpis.csv", text)
  const sum = { created: 0, updated: 0, unchanged: 0, metricsCreated: 0, rejected: [] as Array<KpiRowIssue> }
  for (let start = 0; start < parsed.rows.length; start += kpiImportBatchSize) {
    const response = await as("editor")("POST", "/kpis/import", {
      rows: parsed.rows.slice(start, start + kpiImportBatchSize),
      dryRun,
    })
    expect(response.status, await response.clone().text()).toBe(200)
    const result = await decodeBody(KpiImportResult, response)
    sum.created += result.created
    sum.updated += result.updated
    sum.unchanged += result.unchanged
    sum.metricsCreated += result.metricsCreated
    sum.rejected.push(...result.rejected)
  }
  return { parsed, sum }
}

beforeAll(async () => {
  server = await startTestServer()
  db = databaseOf(server)
  const publisher = await db.publisherId()
  for (const [name, role] of [
    ["analyst", "analyst"],
    ["editor", "editor"],
  ] as const) {
    await db.user({ email: `${name}@kpis.test`, name: `The ${name}`, companyId: publisher, role })
    tokens[name] = await cliSignIn(server, `${name}@kpis.test`)
  }
  tokens.admin = await cliSignIn(server, server.adminEmail, server.adminPassword)
  const rows = symbols.map((symbol, i) => ({
    line: i + 2,
    ticker: {
      symbol,
      name: `${symbol} Corp`,
      exchange: "NYSE",
      sector: "Industrials",
      currency: "USD",
      country: "US",
    },
  }))
  expect((await as("admin")("POST", "/tickers/import", { rows })).status).toBe(200)
})
afterAll(async () => {
  await db.close()
  await server.stop()
})

describe("KPI import", () => {
  it("keeps the good rows of 5,000, names each bad one by line and field, and changes nothing the second time", async () => {
    const csv = plantedCsv()
    expect(csv.total).toBe(5001)
    const dry = await importFile(csv.text, true)
    expect(dry.sum.created).toBeGreaterThan(4900)
    expect(await decodeBody(KpiTickerList, await as("editor")("GET", "/kpis"))).toEqual({ items: [] })

    const { parsed, sum } = await importFile(csv.text)
    const local = (issue: ImportIssue) => [issue.line, issue.field]
    expect(parsed.issues.map(local)).toEqual([
      [10, "period"],
      [20, "kind"],
      [30, "value"],
      [5002, "period"],
    ])
    expect(parsed.issues[1]?.message).toBe('kind must be one of actual, estimate (got "forecast")')
    expect(parsed.issues[2]?.message).toMatch(/^value must be a number such as 1234\.5.*\(got "12\.3x"\)$/)
    expect(parsed.issues[3]?.message).toMatch(/already on line 2$/)
    expect(sum.rejected.map((r) => [r.line, r.field])).toEqual([
      [40, "ticker"],
      [50, "unit"],
      [60, "period"],
      [70, "unit"],
    ])
    expect(sum.rejected[0]?.message).toMatch(/^No ticker ZZZ/)
    expect(sum.rejected[1]?.message).toBe('AAA Revenue is in "USD m"; this row says "EUR m"')
    expect(sum.rejected[2]?.message).toBe("AAA Revenue is quarterly; FY2027 is an annual period")
    const good = 5001 - 8
    expect(sum.created).toBe(good)
    expect(sum.metricsCreated).toBe(symbols.length * metrics.length)

    const aaa = await decodeBody(TickerKpis, await as("editor")("GET", "/kpis/AAA"))
    expect(aaa.metrics.map((m) => [m.name, m.unit, m.frequency])).toEqual([
      ["EPS", "USD", "quarterly"],
      ["Gross margin", "%", "quarterly"],
      ["Revenue", "USD m", "quarterly"],
      ["Units shipped", "m", "quarterly"],
    ])
    const eps = aaa.metrics[0]!
    expect(eps.values).toHaveLength(125)
    expect(eps.values[0]).toMatchObject({
      period: "1990Q1",
      estimate: 100,
      actual: 100.5,
      actualSource: "Model",
    })
    expect(eps.values[0]?.surprise).toBeCloseTo(0.005)

    const again = await importFile(csv.text)
    expect(again.sum).toMatchObject({ created: 0, updated: 0, unchanged: good, metricsCreated: 0 })
    expect(again.sum.rejected).toHaveLength(4)

    const changed = await importFile("ticker,metric,period,kind,value\nAAA,eps,1990Q1,actual,101\n")
    expect(changed.sum).toMatchObject({ created: 0, updated: 1, unchanged: 0 })
  })

  it("lets an analyst import only for the tickers they cover", async () => {
    const body = (ticker: string) => ({
      rows: [{ line: 2, value: { ticker, metric: "EPS", period: "2026Q1", kind: "estimate", value: 2 } }],
    })
    const refused = await decodeBody(
      KpiImportResult,
      await as("analyst")("POST", "/kpis/import", body("BBB")),
    )
    expect(refused.rejected).toEqual([
      {
        line: 2,
        field: "ticker",
        message: "You do not cover BBB; analysts import KPIs only for tickers they cover",
      },
    ])
    expect((await as("analyst")("POST", "/coverage", { symbol: "BBB", rating: "buy" })).status).toBe(200)
    const allowed = await decodeBody(
      KpiImportResult,
      await as("analyst")("POST", "/kpis/import", body("BBB")),
    )
    expect(allowed).toMatchObject({ created: 1, rejected: [] })
  })
})
