import { analyticsMaxDays, type CompanyId } from "@folio/core"
import { describe, expect, it } from "vitest"
import { csvName, presetOf, safeCell, tableCsv } from "../src/routes/_app/-components/analytics/format"
import {
  analyticsQueryOf,
  daysBetween,
  validateAnalyticsSearch,
  validDay,
} from "../src/routes/_app/-components/analytics/search"

const company = "7a0b6d52-5f0c-4a8e-9d51-0f4f0a3c2b11" as CompanyId
const team = "1c9e8f6a-2b3d-4e5f-8a7b-9c0d1e2f3a4b"

describe("the /analytics URL", () => {
  it("keeps a whole range of real days, and the company and team", () => {
    expect(validateAnalyticsSearch({ from: "2026-03-01", to: "2026-03-31", company, team })).toEqual({
      from: "2026-03-01",
      to: "2026-03-31",
      company,
      team,
    })
  })

  it("drops days that are not days, and a range with one end missing", () => {
    expect(validDay("2026-02-30")).toBeUndefined()
    expect(validDay("2026-2-3")).toBeUndefined()
    expect(validDay(20260301)).toBeUndefined()
    expect(validateAnalyticsSearch({ from: "2026-03-01", to: "yesterday" })).toMatchObject({
      from: undefined,
      to: undefined,
    })
    expect(validateAnalyticsSearch({ to: "2026-03-31" })).toMatchObject({ from: undefined, to: undefined })
  })

  it("swaps ends given the wrong way round", () => {
    expect(validateAnalyticsSearch({ from: "2026-03-31", to: "2026-03-01" })).toMatchObject({
      from: "2026-03-01",
      to: "2026-03-31",
    })
  })

  it("shortens a range longer than the server answers, keeping its end", () => {
    const search = validateAnalyticsSearch({ from: "2020-01-01", to: "2026-03-31" })
    expect(search.to).toBe("2026-03-31")
    expect(daysBetween(search.from ?? "", "2026-03-31") + 1).toBe(analyticsMaxDays)
  })

  it("ignores a bad company or team, and a team without its company", () => {
    expect(validateAnalyticsSearch({ company: "acme", team })).toMatchObject({
      company: undefined,
      team: undefined,
    })
    expect(validateAnalyticsSearch({ company, team: "desk" })).toMatchObject({ company, team: undefined })
  })

  it("asks for the last 30 days when the URL names no range", () => {
    const now = new Date("2026-03-31T23:59:00Z")
    expect(analyticsQueryOf({}, now)).toEqual({ from: "2026-03-02", to: "2026-03-31" })
    expect(presetOf({ from: "2026-03-02", to: "2026-03-31" }, now)?.label).toBe("30 days")
    expect(presetOf({ from: "2026-03-01", to: "2026-03-31" }, now)).toBeUndefined()
    expect(analyticsQueryOf({ from: "2026-01-01", to: "2026-01-31", company }, now)).toEqual({
      from: "2026-01-01",
      to: "2026-01-31",
      company,
    })
  })
})

describe("the analytics CSV", () => {
  it("quotes what needs it and defuses what a spreadsheet would run", () => {
    expect(safeCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)")
    expect(safeCell("+1")).toBe("'+1")
    expect(safeCell("-1")).toBe("'-1")
    expect(safeCell("@sum")).toBe("'@sum")
    expect(safeCell(-1)).toBe(-1)
    expect(safeCell("Energy")).toBe("Energy")
    expect(
      tableCsv(
        ["Report", "Views"],
        [
          ['Oil, gas and "power"', 3],
          ["=1+1", 0],
        ],
      ),
    ).toBe('Report,Views\r\n"Oil, gas and ""power""",3\r\n\'=1+1,0\r\n')
  })

  it("names the file by table, client and range", () => {
    const query = { from: "2026-03-01", to: "2026-03-31" }
    expect(csvName("top-reports", query, undefined)).toBe("analytics-top-reports-2026-03-01-2026-03-31.csv")
    expect(csvName("readers", query, "acme")).toBe("analytics-readers-acme-2026-03-01-2026-03-31.csv")
  })
})
