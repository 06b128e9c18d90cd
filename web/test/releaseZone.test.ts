import { describe, expect, it } from "vitest"
import {
  addMonths,
  dayKeyOf,
  instantOf,
  instantOfPickerValue,
  isDayKey,
  monthGrid,
  moveToDay,
  pickerValueOf,
  startOfWeek,
  viewerTimeZone,
  wallTimeOf,
  zoneLabel,
} from "../src/routes/_app/-components/releases/zone"

describe("release times in the viewer's zone", () => {
  it("reads an instant as the wall clock of a zone, and back", () => {
    const at = new Date("2026-07-01T06:30:00Z")
    expect(wallTimeOf(at, "Europe/London")).toMatchObject({
      year: 2026,
      month: 7,
      day: 1,
      hour: 7,
      minute: 30,
    })
    expect(pickerValueOf(at, "America/New_York")).toBe("2026-07-01 02:30:00")
    expect(instantOfPickerValue("2026-07-01 02:30:00", "America/New_York")?.toISOString()).toBe(
      "2026-07-01T06:30:00.000Z",
    )
    expect(instantOfPickerValue("2026-01-15 09:00:00", "Asia/Tokyo")?.toISOString()).toBe(
      "2026-01-15T00:00:00.000Z",
    )
  })

  it("puts a time skipped by a DST change just after the gap, and a repeated one at its first occurrence", () => {
    // London springs forward at 01:00 UTC on 29 March 2026: 01:30 local does not exist.
    expect(
      instantOf(
        { year: 2026, month: 3, day: 29, hour: 1, minute: 30, second: 0 },
        "Europe/London",
      ).toISOString(),
    ).toBe("2026-03-29T01:30:00.000Z")
    // It falls back at 01:00 UTC on 25 October 2026: 01:30 local happens twice, first in BST.
    expect(
      instantOf(
        { year: 2026, month: 10, day: 25, hour: 1, minute: 30, second: 0 },
        "Europe/London",
      ).toISOString(),
    ).toBe("2026-10-25T00:30:00.000Z")
  })

  it("counts days in the zone, not in UTC", () => {
    const lateEvening = new Date("2026-05-31T23:30:00Z")
    expect(dayKeyOf(lateEvening, "UTC")).toBe("2026-05-31")
    expect(dayKeyOf(lateEvening, "Europe/Berlin")).toBe("2026-06-01")
  })

  it("moves a release to another day keeping its wall-clock time, or to another hour", () => {
    const at = new Date("2026-03-27T08:15:00Z") // 08:15 GMT, before the change to BST
    expect(moveToDay(at, "2026-03-30", "Europe/London").toISOString()).toBe("2026-03-30T07:15:00.000Z")
    expect(moveToDay(at, "2026-03-30", "Europe/London", 14).toISOString()).toBe("2026-03-30T13:15:00.000Z")
  })

  it("lays out a month as whole weeks from Monday", () => {
    const grid = monthGrid("2026-02-10")
    expect(grid[0]?.[0]).toBe("2026-01-26")
    expect(grid.at(-1)?.at(-1)).toBe("2026-03-01")
    expect(grid.every((week) => week.length === 7)).toBe(true)
    expect(startOfWeek("2026-08-02")).toBe("2026-07-27")
    expect(addMonths("2026-12-31", 1)).toBe("2027-01-01")
  })

  it("accepts only real days in the URL and real zones from the profile", () => {
    expect(isDayKey("2026-02-28")).toBe(true)
    expect(isDayKey("2026-02-30")).toBe(false)
    expect(isDayKey("tomorrow")).toBe(false)
    expect(viewerTimeZone("Europe/Paris")).toBe("Europe/Paris")
    expect(viewerTimeZone("Mars/Olympus")).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
  })

  it("names the zone", () => {
    expect(zoneLabel("UTC")).toBe("UTC")
    expect(zoneLabel("America/New_York", new Date("2026-07-01T12:00:00Z"))).toBe("America/New York (EDT)")
  })
})
