import { describe, expect, it } from "vitest"
import { ratingDistributionDisclosure } from "../src/domain/coverage.js"
import { kpiSurprise, periodFrequency, periodOrder } from "../src/domain/kpi.js"
import { kpiCsvReader, kpiCsvTemplate, parseKpiCsv } from "../src/import/kpiCsv.js"

const header = "ticker,metric,period,kind,value,unit,source"

describe("the KPI CSV reader", () => {
  it("reads the template's rows as the server's schema decodes them", () => {
    const parsed = parseKpiCsv("t.csv", kpiCsvTemplate)
    expect(parsed.issues).toEqual([])
    expect(parsed.rows[0]).toEqual({
      line: 2,
      value: {
        ticker: "AAPL",
        metric: "Revenue",
        period: "2026Q3",
        kind: "estimate",
        value: 94500,
        unit: "USD m",
        source: "Consensus",
      },
    })
  })

  it("says once, before any row, which column is unknown and which are missing", () => {
    const parsed = parseKpiCsv("k.csv", "ticker,metric,period,value,colour\nAAPL,EPS,2026Q1,1,red\n")
    expect(parsed.headerRefused).toBe(true)
    expect(parsed.rows).toEqual([])
    expect(parsed.issues).toEqual([
      { file: "k.csv", line: 1, field: "kind", message: 'The header has no "kind" column' },
      {
        file: "k.csv",
        line: 1,
        field: "colour",
        message: 'Unknown column "colour"; the columns are ticker, metric, period, kind, value, unit, source',
      },
    ])
  })

  it("names each bad cell by line and field, with what was given and what is allowed", () => {
    const text = [
      header,
      "AAPL,EPS,2026Q5,actual,1,,",
      "aapl,EPS,2026q1,Actual,1.5,,",
      "AAPL,EPS,2026Q2,forecast,1,,",
      'AAPL,EPS,2026Q2,actual,"1,234",,',
      "AAPL,,FY2026,actual,1,,",
      "AAPL,EPS,2026Q1,actual,2,,",
      "AAPL,EPS,2026H1,estimate,-0.8e1,,",
    ].join("\r\n")
    const parsed = parseKpiCsv("k.csv", text)
    expect(parsed.total).toBe(7)
    expect(
      parsed.rows.map((r) => [r.line, r.value.ticker, r.value.period, r.value.kind, r.value.value]),
    ).toEqual([
      [3, "AAPL", "2026Q1", "actual", 1.5],
      [8, "AAPL", "2026H1", "estimate", -8],
    ])
    expect(parsed.issues.map((i) => `${i.line} ${i.field}: ${i.message}`)).toEqual([
      '2 period: A period is a quarter (2026Q3), a half year (2026H1) or a fiscal year (FY2026) (got "2026Q5")',
      '4 kind: kind must be one of actual, estimate (got "forecast")',
      '5 value: value must be a number such as 1234.5 or -0.8, without thousands separators (got "1,234")',
      "6 metric: metric is required",
      "7 period: The actual of AAPL EPS for 2026Q1 is already on line 3",
    ])
  })

  it("reads a file in chunks as it would whole, with the same lines", () => {
    const lines = [header]
    for (let i = 0; i < 300; i++)
      lines.push(`MSFT,Revenue,${2000 + Math.floor(i / 4)}Q${(i % 4) + 1},actual,${i},USD m,`)
    lines[150] = "MSFT,Revenue,2099Q1,actual,x,USD m,"
    const text = lines.join("\n")
    const reader = kpiCsvReader("big.csv")
    const rows = []
    const issues = []
    for (let at = 0; at < text.length; at += 97) {
      const chunk = reader.push(text.slice(at, at + 97))
      rows.push(...chunk.rows)
      issues.push(...chunk.issues)
    }
    const last = reader.end()
    rows.push(...last.rows)
    issues.push(...last.issues)
    expect(rows).toHaveLength(299)
    expect(issues.map((i) => [i.line, i.field])).toEqual([[151, "value"]])
    expect(rows.map((r) => r.line)).toEqual(parseKpiCsv("big.csv", text).rows.map((r) => r.line))
  })

  it("refuses an empty file and a header without rows", () => {
    expect(parseKpiCsv("e.csv", "").issues[0]?.message).toBe("The file is empty")
    expect(parseKpiCsv("h.csv", `${header}\n`).issues[0]?.message).toBe("The file has a header but no rows")
  })
})

describe("KPI periods and surprise", () => {
  it("orders periods in time and knows their frequency", () => {
    expect(["FY2025", "2026Q1", "2025H2", "2025Q3"].sort((a, b) => periodOrder(a) - periodOrder(b))).toEqual([
      "2025Q3",
      "FY2025",
      "2025H2",
      "2026Q1",
    ])
    expect([
      periodFrequency("2026Q3"),
      periodFrequency("2026H1"),
      periodFrequency("FY2026"),
      periodFrequency("2026"),
    ]).toEqual(["quarterly", "semiannual", "annual", undefined])
  })

  it("measures the surprise against the estimate's size, and not at all without both", () => {
    expect(kpiSurprise(110, 100)).toBeCloseTo(0.1)
    expect(kpiSurprise(-0.5, -1)).toBeCloseTo(0.5)
    expect(kpiSurprise(1, null)).toBeNull()
    expect(kpiSurprise(null, 1)).toBeNull()
    expect(kpiSurprise(1, 0)).toBeNull()
  })
})

describe("the rating distribution disclosure", () => {
  it("gives the shares of rated calls, and those of paid relationships when there are any", () => {
    const counts = (buy: number, hold: number, sell: number, notRated = 0) => ({
      buy,
      hold,
      sell,
      not_rated: notRated,
      total: buy + hold + sell + notRated,
    })
    const at = new Date("2026-11-26T10:00:00Z")
    expect(
      ratingDistributionDisclosure({
        overall: counts(0, 0, 0, 3),
        paidRelationship: counts(0, 0, 0),
        byAnalyst: [],
        at,
      }),
    ).toBeNull()
    expect(
      ratingDistributionDisclosure({
        overall: counts(6, 3, 1, 2),
        paidRelationship: counts(0, 0, 0),
        byAnalyst: [],
        at,
      }),
    ).toBe("Rating distribution on 2026-11-26, of 10 ratings: buy 60%, hold 30%, sell 10%.")
    expect(
      ratingDistributionDisclosure({
        overall: counts(6, 3, 1),
        paidRelationship: counts(1, 0, 0),
        byAnalyst: [],
        at,
      }),
    ).toBe(
      "Rating distribution on 2026-11-26, of 10 ratings: buy 60%, hold 30%, sell 10%. Of the 1 rating of companies the house was paid by: buy 100%, hold 0%, sell 0%.",
    )
  })
})
