import {
  CoverageHistory,
  CoverageList,
  RatingDistribution,
  ReportPage,
  SearchResult,
  TickerKpis,
  TickerPage,
} from "@folio/core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoPassword } from "../src/seed/demo.js"
import { apiCall, cliSignIn, decodeBody } from "./support/directory.js"
import { startTestServer, type TestServer } from "./support/server.js"

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ config: { seed: "demo" } })
})
afterAll(async () => {
  await server.stop()
})

const as = async (email: string) => {
  const token = await cliSignIn(server, email, demoPassword)
  return (path: string) => apiCall(server, token, "GET", path)
}

describe("the demo seed", () => {
  it("has about fifty tickers and reports that each reader sees only as their audience allows", async () => {
    const editor = await as("elena.marsh@folio.local")
    const tickers = await decodeBody(TickerPage, await editor("/tickers?limit=200"))
    expect(tickers.items.length).toBeGreaterThanOrEqual(45)
    const all = await decodeBody(ReportPage, await editor("/reports"))
    expect(new Set(all.items.map((r) => r.status))).toEqual(new Set(["draft", "in_review", "published"]))

    // Harbor is entitled to Utilities/Financials/Health Care only and named on those reports.
    const harbor = await as("miguel.santos@harborpension.example")
    const harborTitles = (await decodeBody(ReportPage, await harbor("/reports"))).items.map((r) => r.title)
    expect(harborTitles).toContain("Utilities: rate cases turn supportive")
    expect(harborTitles).not.toContain("Banks: net interest income has peaked") // a draft
    expect(harborTitles).not.toContain("NVIDIA: data-centre demand outruns supply again")

    // Northwind's Risk team sees the utilities note; its equities team does not.
    const risk = await as("sara.lindqvist@northwind.example")
    const equities = await as("grace.liu@northwind.example")
    const utilities = "Utilities: rate cases turn supportive"
    expect((await decodeBody(ReportPage, await risk("/reports"))).items.map((r) => r.title)).toContain(
      utilities,
    )
    expect(
      (await decodeBody(ReportPage, await equities("/reports"))).items.map((r) => r.title),
    ).not.toContain(utilities)

    const search = await decodeBody(SearchResult, await equities("/search?q=buyback"))
    expect(search.reports.map((h) => h.report.title)).toEqual([
      "Flash: Exxon raises buyback after Permian volumes beat",
    ])
  })

  it("has coverage with history and KPIs with estimates and actuals", async () => {
    const reader = await as("grace.liu@northwind.example")
    const coverage = await decodeBody(CoverageList, await reader("/coverage"))
    expect(coverage.items.length).toBeGreaterThanOrEqual(20)
    const nvda = coverage.items.find((c) => c.symbol === "NVDA")
    expect(nvda).toMatchObject({
      analystName: "Omar Haddad",
      rating: "buy",
      targetPrice: 210,
      targetCurrency: "USD",
    })
    expect(nvda?.lastReport?.title).toBe("NVIDIA: data-centre demand outruns supply again")
    const history = await decodeBody(CoverageHistory, await reader("/coverage/history?symbol=NVDA"))
    expect(history.items.map((c) => c.kind)).toEqual(["change", "initiate"])
    const distribution = await decodeBody(RatingDistribution, await reader("/coverage/distribution"))
    expect(distribution.paidRelationship.total).toBe(2)
    expect(distribution.byAnalyst.map((a) => a.analystName)).toEqual(["Omar Haddad", "Priya Natarajan"])
    const kpis = await decodeBody(TickerKpis, await reader("/kpis/NVDA"))
    expect(kpis.metrics.map((m) => m.name)).toEqual(["EPS", "Gross margin", "Revenue"])
    const revenue = kpis.metrics.find((m) => m.name === "Revenue")!
    expect(revenue.values).toHaveLength(12)
    expect(revenue.values.at(-1)).toMatchObject({ period: "2026Q4", actual: null, surprise: null })
    expect(revenue.values[0]?.surprise).not.toBeNull()
  })
})
