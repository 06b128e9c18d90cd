import { describe, expect, it } from "vitest"
import { formatMs, functionName, routeLabel } from "../src/routes/_app/-components/errorReports/format"

describe("routeLabel", () => {
  it.each([
    ["/_app/reports/$reportId", "/reports/$reportId"],
    ["/_app/developer/reports/", "/developer/reports"],
    ["/_app/dashboard", "/dashboard"],
    ["/login", "/login"],
    ["/", "/"],
    ["__root__", "/"],
  ])("reads the route id %s as the path %s", (route, label) => expect(routeLabel(route)).toBe(label))
})

describe("formatMs", () => {
  it.each([
    [0.4, "< 1 ms"],
    [83.4, "83 ms"],
    [1_440, "1.44 s"],
    [12_345, "12.3 s"],
    [125_000, "2 min 5 s"],
    [120_000, "2 min"],
    [-1, "–"],
  ])("shows %d ms as %s", (ms, text) => expect(formatMs(ms)).toBe(text))
})

describe("functionName", () => {
  it("names the frames Sentry could not name", () => {
    expect(functionName("?")).toBe("<anonymous>")
    expect(functionName(null)).toBe("<anonymous>")
    expect(functionName("renderPanel")).toBe("renderPanel")
  })
})
