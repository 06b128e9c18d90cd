import type { Release, Role } from "@folio/core"
import { describe, expect, it } from "vitest"
import { readsChange, upcoming } from "../src/routes/_app/-components/dashboard/format"
import { dashboardTiles } from "../src/routes/_app/-components/dashboard/layout"

const tilesOf = (role: Role) => dashboardTiles(role).map((place) => place.tile)

describe("dashboardTiles", () => {
  it("gives each role its own tiles", () => {
    expect(tilesOf("analyst")).toEqual(["drafts", "sentBack", "myReads", "latest"])
    expect(tilesOf("editor")).toEqual(["review", "upcoming", "week", "drafts"])
    expect(tilesOf("reader")).toEqual(["sinceLastVisit", "latest", "favorites"])
    expect(tilesOf("developer")).toEqual(tilesOf("reader"))
    expect(tilesOf("admin")).toEqual(["figures", "review", "week", "server", "you"])
  })

  it("keeps the headline figures and what changed since the last visit across the whole width", () => {
    expect(
      dashboardTiles("admin")
        .filter((place) => place.wide)
        .map((place) => place.tile),
    ).toEqual(["figures"])
    expect(
      dashboardTiles("reader")
        .filter((place) => place.wide)
        .map((place) => place.tile),
    ).toEqual(["sinceLastVisit"])
  })
})

describe("readsChange", () => {
  it("says the change on the previous 7 days as a whole percentage with its sign", () => {
    expect(readsChange(125, 100)).toBe("+25% on the previous 7 days (100)")
    expect(readsChange(90, 100)).toBe("\u221210% on the previous 7 days (100)")
    expect(readsChange(100, 100)).toBe("No change on the previous 7 days (100)")
    expect(readsChange(1, 3)).toBe("\u221267% on the previous 7 days (3)")
  })

  it("gives no percentage of nothing", () => {
    expect(readsChange(4, 0)).toBe("None the 7 days before")
    expect(readsChange(0, 0)).toBe("None the 7 days before either")
  })
})

describe("upcoming", () => {
  const release = (title: string, status: Release["status"], at: string) =>
    ({ reportId: title, title, status, releaseAt: new Date(at) }) as unknown as Release

  it("keeps the scheduled releases, soonest first, and leaves the schedule's answer alone", () => {
    const answer = [
      release("later", "scheduled", "2026-03-02T09:00:00Z"),
      release("out", "published", "2026-02-27T09:00:00Z"),
      release("sooner", "scheduled", "2026-03-01T07:30:00Z"),
    ]
    expect(upcoming(answer).map((r) => r.title)).toEqual(["sooner", "later"])
    expect(answer.map((r) => r.title)).toEqual(["later", "out", "sooner"])
  })
})
