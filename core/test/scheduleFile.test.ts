import { Either } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  type PlannedReport,
  planSchedule,
  type Release,
  type ScheduleEntry,
  scheduleEntryOf,
} from "../src/domain/release.js"
import type { ReportId } from "../src/ids.js"
import { formatScheduleFile, parseScheduleFile, scheduleFileFormatOf } from "../src/import/scheduleFile.js"
import { formatReleaseTime, parseReleaseTime } from "../src/schema/releaseTime.js"

const at = (iso: string): Date => new Date(iso)

const time = (text: string): string => {
  const parsed = parseReleaseTime(text)
  if (Either.isLeft(parsed)) throw new Error(parsed.left)
  return parsed.right.toISOString()
}

const problem = (text: string): string => {
  const parsed = parseReleaseTime(text)
  if (Either.isRight(parsed)) throw new Error(`${text} parsed as ${parsed.right.toISOString()}`)
  return parsed.left
}

describe("release times", () => {
  it("reads ISO 8601 with Z or an offset", () => {
    expect(time("2026-12-01T09:00:00Z")).toBe("2026-12-01T09:00:00.000Z")
    expect(time("2026-12-01T09:00Z")).toBe("2026-12-01T09:00:00.000Z")
    expect(time("2026-12-01 09:00:30z")).toBe("2026-12-01T09:00:30.000Z")
    expect(time("2026-12-01T09:00+01:00")).toBe("2026-12-01T08:00:00.000Z")
    expect(time("2026-12-01T09:00:00.250-0530")).toBe("2026-12-01T14:30:00.250Z")
    expect(time("2026-12-01T00:30+05:30")).toBe("2026-11-30T19:00:00.000Z")
  })

  it("converts a local time in an IANA zone to UTC, daylight saving time included", () => {
    expect(time("2026-12-01 09:00 Europe/London")).toBe("2026-12-01T09:00:00.000Z")
    // British Summer Time: UTC+1.
    expect(time("2026-07-01 09:00 Europe/London")).toBe("2026-07-01T08:00:00.000Z")
    // The Sunday the clocks go forward, after the change.
    expect(time("2026-03-29 02:00 Europe/London")).toBe("2026-03-29T01:00:00.000Z")
    expect(time("2026-03-29 00:59 Europe/London")).toBe("2026-03-29T00:59:00.000Z")
    expect(time("2026-03-08 03:00 America/New_York")).toBe("2026-03-08T07:00:00.000Z")
    expect(time("2026-07-01 12:00 Asia/Kolkata")).toBe("2026-07-01T06:30:00.000Z")
    // Southern hemisphere, and a zone whose daylight saving time is half an hour.
    expect(time("2026-01-15 09:00 Australia/Sydney")).toBe("2026-01-14T22:00:00.000Z")
    expect(time("2026-07-15 09:00 Australia/Sydney")).toBe("2026-07-14T23:00:00.000Z")
    expect(time("2026-01-15 09:00 Australia/Lord_Howe")).toBe("2026-01-14T22:00:00.000Z")
    expect(time("2026-12-01 09:00 UTC")).toBe("2026-12-01T09:00:00.000Z")
  })

  it("refuses a local time the clocks skip, and asks which one of a time that happens twice", () => {
    expect(problem("2026-03-29 01:30 Europe/London")).toBe(
      '"2026-03-29 01:30 Europe/London" does not exist: the clocks in Europe/London skip that hour; write a time after the change, or an offset such as 2026-03-29T01:30+00:00',
    )
    expect(problem("2026-11-01 01:30 America/New_York")).toBe(
      '"2026-11-01 01:30 America/New_York" happens twice: the clocks in America/New_York go back that night; write the offset you mean, 2026-11-01T01:30-04:00 or 2026-11-01T01:30-05:00',
    )
    // Each alternative it offers reads back as a distinct instant.
    expect([time("2026-11-01T01:30-04:00"), time("2026-11-01T01:30-05:00")]).toEqual([
      "2026-11-01T05:30:00.000Z",
      "2026-11-01T06:30:00.000Z",
    ])
  })

  it("says how to write a time that has no zone or is not one", () => {
    expect(problem("2026-12-01 09:00")).toBe(
      '"2026-12-01 09:00" has no time zone; add one, as in 2026-12-01T09:00:00Z, 2026-12-01T09:00+01:00 or "2026-12-01 09:00 Europe/London"',
    )
    expect(problem("2027-02-03T14:15")).toBe(
      '"2027-02-03T14:15" has no time zone; add one, as in 2027-02-03T14:15:00Z, 2027-02-03T14:15+01:00 or "2027-02-03 14:15 Europe/London"',
    )
    expect(problem("2026-13-01 09:00")).toBe(
      '"2026-13-01 09:00" is not a time; write 2026-12-01T09:00:00Z, 2026-12-01T09:00+01:00 or "2026-12-01 09:00 Europe/London"',
    )
    expect(problem("2026-02-29T09:00Z")).toMatch(/^"2026-02-29T09:00Z" is not a time;/)
    expect(problem("next tuesday")).toMatch(/^"next tuesday" is not a time;/)
    expect(problem("1764579600")).toMatch(/is not a time;/)
    expect(problem("2026-12-01 09:00 Europe/Lodnon")).toBe(
      '"2026-12-01 09:00 Europe/Lodnon" names no time zone Folio knows ("Europe/Lodnon"); use an IANA name such as Europe/London, America/New_York or UTC',
    )
  })

  it("reads back any instant written as its local time in a zone (or names it among the two)", () => {
    const zones = [
      "Europe/London",
      "America/New_York",
      "Australia/Lord_Howe",
      "Asia/Kathmandu",
      "America/Santiago",
    ]
    fc.assert(
      fc.property(
        fc.date({ min: at("2000-01-01T00:00:00Z"), max: at("2040-12-31T00:00:00Z"), noInvalidDate: true }),
        fc.constantFrom(...zones),
        (raw, zone) => {
          const instant = new Date(Math.floor(raw.getTime() / 60_000) * 60_000)
          const parts = Object.fromEntries(
            new Intl.DateTimeFormat("en-CA", {
              timeZone: zone,
              hourCycle: "h23",
              year: "numeric",
              month: "2-digit",
              day: "2-digit",
              hour: "2-digit",
              minute: "2-digit",
            })
              .formatToParts(instant)
              .map((part) => [part.type, part.value]),
          )
          const local = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${zone}`
          const parsed = parseReleaseTime(local)
          if (Either.isRight(parsed)) expect(parsed.right.toISOString()).toBe(instant.toISOString())
          else {
            // Only a fall-back hour is refused here, and its message offers this instant.
            expect(parsed.left).toContain("happens twice")
            const offered = [...parsed.left.matchAll(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}[+-]\d{2}:\d{2}/g)].map(
              (m) => time(m[0]),
            )
            expect(offered).toContain(instant.toISOString())
          }
        },
      ),
      { numRuns: 500 },
    )
  })
})

const entries: ReadonlyArray<ScheduleEntry> = [
  { report: "rt-apple-1", releaseAt: at("2026-12-01T09:00:00Z"), channels: ["clients-email", "ops-webhook"] },
  { report: "3f6c1d2e-8a4b-4c6d-9e0f-1a2b3c4d5e6f", releaseAt: at("2026-12-02T14:30:15.500Z") },
  { report: "007", releaseAt: null },
  { report: "null", releaseAt: at("2027-01-04T08:00:00Z"), channels: [] },
  { report: "true", releaseAt: at("2027-01-04T08:00:00Z") },
  { report: "2026-12-01", releaseAt: at("2027-01-04T08:00:00Z") },
  { report: "# not a comment: really", releaseAt: at("2027-01-04T08:00:00Z"), channels: ["- dash", "a: b"] },
  { report: "ünïcode «quotes» \"double\" 'single'", releaseAt: at("2027-01-04T08:00:00Z") },
]

describe("schedule files", () => {
  it("writes what it reads: export → parse gives the same entries, in YAML and JSON", () => {
    for (const format of ["yaml", "json"] as const) {
      const text = formatScheduleFile(entries, format)
      const parsed = parseScheduleFile(`schedule.${format}`, text)
      expect(parsed.issues).toEqual([])
      expect(parsed.format).toBe(format)
      expect(parsed.entries).toEqual(entries)
      // And writing it again changes nothing.
      expect(formatScheduleFile(parsed.entries, format)).toBe(text)
    }
    expect(formatScheduleFile([], "yaml")).toBe("releases: []\n")
    expect(parseScheduleFile("empty.yaml", "releases: []\n")).toEqual({
      format: "yaml",
      entries: [],
      lines: [],
      issues: [],
    })
  })

  it("writes UTC times with Z, and whole seconds without a fraction", () => {
    const text = formatScheduleFile(
      [{ report: "a", releaseAt: at("2026-07-01T08:00:00+00:00"), channels: ["email"] }],
      "yaml",
    )
    expect(text).toBe(
      "releases:\n  - report: a\n    releaseAt: 2026-07-01T08:00:00Z\n    channels:\n      - email\n",
    )
    expect(formatReleaseTime(at("2026-07-01T08:00:00.120Z"))).toBe("2026-07-01T08:00:00.120Z")
  })

  it("reads zoned times, a top-level list, JSON, and notes the line each entry starts on", () => {
    const yaml = [
      "# the December releases",
      "releases:",
      "  - report: rt-apple-1",
      "    releaseAt: 2026-12-01 09:00 Europe/London",
      "    channels: [clients-email]",
      "",
      "  - report: 12345",
      "    releaseAt: '2026-06-01T09:00+02:00'",
      "  - { report: rt-msft-2, releaseAt: ~ }",
    ].join("\n")
    const parsed = parseScheduleFile("december.yml", yaml)
    expect(parsed.issues).toEqual([])
    expect(parsed.lines).toEqual([3, 7, 9])
    expect(parsed.entries).toEqual([
      { report: "rt-apple-1", releaseAt: at("2026-12-01T09:00:00Z"), channels: ["clients-email"] },
      { report: "12345", releaseAt: at("2026-06-01T07:00:00Z") },
      { report: "rt-msft-2", releaseAt: null },
    ])

    const list = parseScheduleFile("list.yaml", "- report: a\n  releaseAt: 2026-12-01T09:00Z\n")
    expect(list.entries).toEqual([{ report: "a", releaseAt: at("2026-12-01T09:00:00Z") }])

    const json = parseScheduleFile(
      "schedule",
      '{\n\t"releases": [\n\t\t{ "report": "a", "releaseAt": "2026-12-01 10:00 Europe/Paris" },\n\t\t{ "report": "b", "releaseAt": null }\n\t]\n}\n',
    )
    expect(json.format).toBe("json")
    expect(json.issues).toEqual([])
    expect(json.lines).toEqual([3, 4])
    expect(json.entries).toEqual([
      { report: "a", releaseAt: at("2026-12-01T09:00:00Z") },
      { report: "b", releaseAt: null },
    ])
  })

  it("names every problem by file:line and field, and keeps only the entries without one", () => {
    const yaml = [
      "releases:", // 1
      "  - report: ok-1", // 2
      "    releaseAt: 2026-12-01T09:00Z", // 3
      "  - report: bad-month", // 4
      '    releaseAt: "2026-13-01 09:00"', // 5
      "  - report: no-zone", // 6
      "    releaseAt: 2026-12-01 09:00", // 7
      "    channel: email", // 8
      "  - releaseAt: 2026-12-01T09:00Z", // 9
      "  - report: no-time", // 10
      "  - report: ok-1", // 11
      "    releaseAt: null", // 12
      "  - report: channels", // 13
      "    releaseAt: 2026-12-01T09:00Z", // 14
      "    channels: email", // 15
      "  - just text", // 16
      "  - report: too-early", // 17
      "    releaseAt: 1999-12-31T23:00Z", // 18
      "  - report: [a, b]", // 19
      "    releaseAt: 2026-12-01T09:00Z", // 20
    ].join("\n")
    const parsed = parseScheduleFile("schedule.yaml", yaml)
    expect(parsed.entries).toEqual([{ report: "ok-1", releaseAt: at("2026-12-01T09:00:00Z") }])
    expect(parsed.lines).toEqual([2])
    expect(parsed.issues.map((i) => `${i.file}:${i.line}: ${i.field}: ${i.message}`)).toEqual([
      'schedule.yaml:5: releaseAt: "2026-13-01 09:00" is not a time; write 2026-12-01T09:00:00Z, 2026-12-01T09:00+01:00 or "2026-12-01 09:00 Europe/London"',
      'schedule.yaml:7: releaseAt: "2026-12-01 09:00" has no time zone; add one, as in 2026-12-01T09:00:00Z, 2026-12-01T09:00+01:00 or "2026-12-01 09:00 Europe/London"',
      'schedule.yaml:8: channel: Unknown field "channel"; the fields are report, releaseAt, channels',
      "schedule.yaml:9: report: report is required: the report's externalId or id",
      "schedule.yaml:10: releaseAt: releaseAt is required: a time with its zone, or null to unschedule",
      'schedule.yaml:11: report: "ok-1" is already in this file, on line 2',
      "schedule.yaml:15: channels: channels is a list of channel names, like [clients-email, ops-webhook]",
      "schedule.yaml:16: (entry): An entry is a mapping of report, releaseAt and channels, not a value",
      "schedule.yaml:18: releaseAt: A release time is after the year 2000",
      "schedule.yaml:19: report: report is a list; write the report's externalId or id",
    ])
  })

  it("gives the line of a syntax error, and refuses a file that is not a schedule", () => {
    const broken = parseScheduleFile(
      "s.yaml",
      "releases:\n  - report: a\n    releaseAt: [2026\n  - report: b\n",
    )
    expect(broken.entries).toEqual([])
    expect(broken.issues).toHaveLength(1)
    expect(broken.issues[0]).toMatchObject({ file: "s.yaml", field: "(file)" })
    expect(broken.issues[0]?.message).toMatch(/^Not valid YAML: /)

    const json = parseScheduleFile(
      "s.json",
      '{\n  "releases": [\n    { "report": "a" "releaseAt": null }\n  ]\n}\n',
    )
    expect(json.issues).toEqual([expect.objectContaining({ line: 3, field: "(file)" })])
    expect(json.issues[0]?.message).toMatch(/^Not valid JSON: /)

    expect(parseScheduleFile("s.yaml", "").issues).toEqual([
      {
        file: "s.yaml",
        line: 1,
        field: "(file)",
        message: "The file is empty: write `releases:` with a list of entries (`releases: []` for none)",
      },
    ])
    expect(parseScheduleFile("s.yaml", "version: 2\nreleases: []\n").issues).toEqual([
      {
        file: "s.yaml",
        line: 1,
        field: "(file)",
        message: 'Unknown key "version": a schedule file holds only `releases:`',
      },
    ])
    expect(parseScheduleFile("s.yaml", "releases:\n  report: a\n").issues).toEqual([
      {
        file: "s.yaml",
        line: 2,
        field: "releases",
        message: "releases is a mapping; it must be a list of entries",
      },
    ])
    expect(parseScheduleFile("s.yaml", "releases: a, b\n").issues[0]?.message).toBe(
      "releases is a value; it must be a list of entries",
    )
  })

  it("tells the format by extension, else by the first character", () => {
    expect(scheduleFileFormatOf("a.JSON", "")).toBe("json")
    expect(scheduleFileFormatOf("a.yml", "{}")).toBe("yaml")
    expect(scheduleFileFormatOf("-", "  [ ]")).toBe("json")
    expect(scheduleFileFormatOf("-", "releases: []")).toBe("yaml")
  })
})

describe("export → plan", () => {
  const release = (
    id: string,
    externalId: string | null,
    releaseAt: string,
    channels: ReadonlyArray<string>,
  ): Release => ({
    reportId: id as ReportId,
    externalId,
    title: `Report ${id}`,
    status: "scheduled",
    releaseAt: at(releaseAt),
    publishedAt: null,
    heldReason: null,
    late: false,
    tickers: [],
    channels,
    tiers: [0],
    version: 3,
  })
  const state: ReadonlyArray<Release> = [
    release("0b8d7c66-3c1f-4b0e-9a57-6f7f0e2b2a11", "rt-apple-1", "2026-12-01T09:00:00Z", ["clients-email"]),
    release("5e0a1f2b-8c3d-4e5f-a6b7-c8d9e0f1a2b3", null, "2026-12-02T14:30:15.500Z", []),
    release("9f8e7d6c-5b4a-4392-8172-6a5b4c3d2e1f", "007", "2027-01-04T08:00:00Z", ["b", "a"]),
  ]
  const reports = new Map<string, PlannedReport>()
  for (const r of state) {
    const planned: PlannedReport = {
      id: r.reportId,
      externalId: r.externalId,
      title: r.title,
      status: r.status,
      releaseAt: r.releaseAt,
      channels: r.channels,
    }
    reports.set(r.reportId, planned)
    if (r.externalId !== null) reports.set(r.externalId, planned)
  }
  const find = (reference: string) => reports.get(reference)

  it("plans no step for an export of the same state, in either format", () => {
    for (const format of ["yaml", "json"] as const) {
      const parsed = parseScheduleFile(`s.${format}`, formatScheduleFile(state.map(scheduleEntryOf), format))
      expect(parsed.issues).toEqual([])
      expect(planSchedule(parsed.entries, find)).toEqual({ steps: [], problems: [] })
    }
  })

  it("plans a move for an edited time, however the new time is written", () => {
    const text = formatScheduleFile(state.map(scheduleEntryOf), "yaml").replace(
      "2026-12-01T09:00:00Z",
      "2026-12-01 10:00 Europe/Paris",
    )
    const { entries: edited } = parseScheduleFile("s.yaml", text)
    expect(planSchedule(edited, find).steps).toEqual([])
    const later = parseScheduleFile("s.yaml", text.replace("10:00 Europe/Paris", "11:00 Europe/Paris"))
    expect(planSchedule(later.entries, find).steps).toEqual([
      expect.objectContaining({
        externalId: "rt-apple-1",
        action: "move",
        from: at("2026-12-01T09:00:00Z"),
        to: at("2026-12-01T10:00:00Z"),
      }),
    ])
  })
})
