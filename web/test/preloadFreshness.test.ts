import { describe, expect, it } from "vitest"
import { preloadStaleTimeFor } from "../src/routing/preloadFreshness"

describe("preloadStaleTimeFor", () => {
  it.each(["/dashboard", "/reports", "/reports/favorites", "/developer/reports", "/"])(
    "keeps data preloaded for the static route %s fresh for 300 s",
    (path) => expect(preloadStaleTimeFor(path)).toBe(300_000),
  )

  it.each([
    "/reports/$reportId",
    "/reports/$reportId/edit",
    "/companies/$companyId/teams/$teamId",
    "/files/$",
  ])("treats data preloaded for the dynamic route %s as stale at once", (path) =>
    expect(preloadStaleTimeFor(path)).toBe(0),
  )
})
