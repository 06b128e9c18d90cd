import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runFolio } from "./support/folio.js"
import { type ReportsWorld, startReportsWorld } from "./support/reports.js"

let world: ReportsWorld

// Each test runs several `folio` processes (about half a second each) against one server.
const slow = 120_000

beforeAll(async () => {
  world = await startReportsWorld()
})
afterAll(async () => {
  await world?.stop()
})

interface ReleaseDoc {
  readonly reportId: string
  readonly externalId: string | null
  readonly status: string
  readonly releaseAt: string
  readonly heldReason: string | null
}

/** An approved report about `ticker`, through the CLI's own lifecycle commands. */
const approved = async (externalId: string, ticker = "AAPL"): Promise<string> => {
  const created = await world.json<{ report: { id: string } }>([
    "reports",
    "create",
    "--title",
    `Release test ${externalId}`,
    "--sector",
    "Technology",
    "--ticker",
    ticker,
    "--external-id",
    externalId,
  ])
  for (const step of ["submit", "approve"]) {
    const run = await world.folio(["reports", step, externalId])
    expect(run.code, run.stderr).toBe(0)
  }
  return created.report.id
}

/** The schedule as the server has it, by externalId. */
const scheduled = async (): Promise<ReadonlyMap<string, ReleaseDoc>> => {
  const { releases } = await world.json<{ releases: ReadonlyArray<ReleaseDoc> }>(["schedule", "list"])
  return new Map(
    releases
      .filter((release) => release.status === "scheduled")
      .map((release) => [release.externalId ?? release.reportId, release]),
  )
}

/** `folio …` with another local zone, for the columns that name it. */
const inZone = (zone: string, args: ReadonlyArray<string>) =>
  runFolio(args, { configDir: world.configDir, env: { TZ: zone } })

describe("folio schedule set | unset | list", { timeout: slow }, () => {
  it("schedules by externalId in any zone, lists in UTC and the local zone named, moves and unschedules", async () => {
    const id = await approved("sch-set-1")

    const set = await inZone("Europe/Paris", [
      "schedule",
      "set",
      "sch-set-1",
      "2030-06-03 09:30 Europe/London",
    ])
    expect(set.code, set.stderr).toBe(0)
    // 09:30 in London in summer is 08:30 UTC and 10:30 in Paris.
    expect(set.stdout).toBe(
      'Scheduled "Release test sch-set-1" (sch-set-1) for 2030-06-03 08:30 UTC (10:30 Europe/Paris).\n',
    )

    const list = await inZone("Europe/Paris", ["schedule", "list"])
    expect(list.code, list.stderr).toBe(0)
    expect(list.stdout).toMatch(
      /^RELEASE \(UTC\)\s+LOCAL \(Europe\/Paris\)\s+STATUS\s+REPORT\s+TITLE\s+HELD\s+LATE\s+TIERS\s+CHANNELS$/m,
    )
    expect(list.stdout).toMatch(
      /^2030-06-03 08:30\s+2030-06-03 10:30\s+scheduled\s+sch-set-1\s+Release test sch-set-1\s+-\s+-\s+0h\s+-$/m,
    )
    expect((await scheduled()).get("sch-set-1")).toMatchObject({
      reportId: id,
      releaseAt: "2030-06-03T08:30:00.000Z",
    })

    const move = await world.folio(["schedule", "set", id, "2030-06-04T08:30:00Z", "--json"])
    expect(move.code, move.stderr).toBe(0)
    expect(JSON.parse(move.stdout)).toMatchObject({
      ok: true,
      from: "2030-06-03T08:30:00.000Z",
      report: { id, status: "scheduled", releaseAt: "2030-06-04T08:30:00.000Z" },
    })

    const unset = await world.folio(["schedule", "unset", "sch-set-1"])
    expect(unset.code, unset.stderr).toBe(0)
    expect(unset.stdout).toBe(
      'Unscheduled "Release test sch-set-1" (sch-set-1): scheduled → approved (it was due 2030-06-04 08:30 UTC).\n',
    )
    expect((await scheduled()).has("sch-set-1")).toBe(false)
  })

  it("refuses a time without a zone, or one the clocks skip, before sending anything (exit 2)", async () => {
    const bare = await world.folio(["schedule", "set", "sch-set-1", "2030-06-03 09:30"])
    expect(bare.code).toBe(2)
    expect(bare.stderr).toBe(
      '<time>: "2030-06-03 09:30" has no time zone; add one, as in 2030-06-03T09:30:00Z, 2030-06-03T09:30+01:00 or "2030-06-03 09:30 Europe/London".\n',
    )
    const gap = await world.folio(["schedule", "set", "sch-set-1", "2030-03-31 01:30 Europe/London"])
    expect(gap.code).toBe(2)
    expect(gap.stderr).toContain("the clocks in Europe/London skip that hour")
    const missing = await world.folio(["schedule", "set", "no-such-report", "2030-06-03T09:30Z"])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('No report you can see has the id or externalId "no-such-report".')
  })
})

describe("folio schedule apply | export", { timeout: slow }, () => {
  it("applies a file, and the same file again is an empty plan (exit 0)", async () => {
    await approved("sch-apply-1")
    await approved("sch-apply-2", "MSFT")
    const file = await world.file(
      "apply.yaml",
      [
        "releases:",
        "  - report: sch-apply-1",
        '    releaseAt: "2030-07-01 09:00 America/New_York"',
        "  - report: sch-apply-2",
        "    releaseAt: 2030-07-02T09:00:00Z",
        "",
      ].join("\n"),
    )

    const first = await world.folio(["schedule", "apply", file])
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toMatch(
      new RegExp(`^Plan for ${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: 2 changes\\.$`, "m"),
    )
    expect(first.stdout).toMatch(/^ACTION\s+REPORT\s+TITLE\s+FROM \(UTC\)\s+TO \(UTC\)$/m)
    expect(first.stdout).toMatch(
      /^schedule\s+sch-apply-1\s+Release test sch-apply-1\s+-\s+2030-07-01 13:00$/m,
    )
    expect(first.stdout).toMatch(
      /^schedule\s+sch-apply-2\s+Release test sch-apply-2\s+-\s+2030-07-02 09:00$/m,
    )
    expect(first.stdout).toMatch(/^Applied 2 changes\.$/m)
    const now = await scheduled()
    expect(now.get("sch-apply-1")?.releaseAt).toBe("2030-07-01T13:00:00.000Z")
    expect(now.get("sch-apply-2")?.releaseAt).toBe("2030-07-02T09:00:00.000Z")

    const second = await world.folio(["schedule", "apply", file])
    expect(second.code, second.stderr).toBe(0)
    expect(second.stdout).toBe(`Nothing to change: the schedule already matches ${file}.\n`)
    const dry = await world.json<{ changes: number; applied: boolean }>([
      "schedule",
      "apply",
      file,
      "--dry-run",
    ])
    expect(dry).toMatchObject({ ok: true, changes: 0, applied: false, steps: [] })
  })

  it("--dry-run with changes prints the plan, changes nothing and exits 3", async () => {
    const file = await world.file(
      "dry.json",
      JSON.stringify({
        releases: [
          { report: "sch-apply-1", releaseAt: "2030-07-05T10:00:00+02:00" },
          { report: "sch-apply-2", releaseAt: null },
        ],
      }),
    )
    const dry = await world.folio(["schedule", "apply", file, "--dry-run"])
    expect(dry.code, dry.stderr).toBe(3)
    expect(dry.stdout).toMatch(
      /^move\s+sch-apply-1\s+Release test sch-apply-1\s+2030-07-01 13:00\s+2030-07-05 08:00$/m,
    )
    expect(dry.stdout).toMatch(
      /^unschedule\s+sch-apply-2\s+Release test sch-apply-2\s+2030-07-02 09:00\s+-$/m,
    )
    expect(dry.stdout).toMatch(/^Dry run: 2 changes would be made; nothing was applied\.$/m)
    const json = await world.folio(["schedule", "apply", file, "--dry-run", "--json"])
    expect(json.code).toBe(3)
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: true,
      dryRun: true,
      applied: false,
      changes: 2,
      steps: [
        { externalId: "sch-apply-1", action: "move", to: "2030-07-05T08:00:00.000Z" },
        { externalId: "sch-apply-2", action: "unschedule", to: null },
      ],
    })
    const now = await scheduled()
    expect(now.get("sch-apply-1")?.releaseAt).toBe("2030-07-01T13:00:00.000Z")
    expect(now.get("sch-apply-2")?.releaseAt).toBe("2030-07-02T09:00:00.000Z")
  })

  it("exports exactly what apply reads: export → apply is an empty plan, in YAML and JSON", async () => {
    for (const format of ["yaml", "json"] as const) {
      const exported = await world.folio(["schedule", "export", "--format", format])
      expect(exported.code, exported.stderr).toBe(0)
      expect(exported.stderr).toMatch(/^Exported \d+ scheduled releases? from /)
      if (format === "yaml")
        expect(exported.stdout).toContain(
          "  - report: sch-apply-1\n    releaseAt: 2030-07-01T13:00:00Z\n    channels: []\n",
        )
      else
        expect(JSON.parse(exported.stdout).releases).toContainEqual({
          report: "sch-apply-2",
          releaseAt: "2030-07-02T09:00:00Z",
          channels: [],
        })
      const file = await world.file(`exported.${format}`, exported.stdout)
      const again = await world.folio(["schedule", "apply", file, "--dry-run"])
      expect(again.code, again.stdout + again.stderr).toBe(0)
      expect(again.stdout).toBe(`Nothing to change: the schedule already matches ${file}.\n`)
      // From stdin too.
      const piped = await world.folio(["schedule", "apply", "-", "--format", format, "--dry-run"], {
        stdin: exported.stdout,
      })
      expect(piped.code, piped.stderr).toBe(0)
    }
  })

  it("names every problem of a file by file:line and sends nothing (exit 1)", async () => {
    const file = await world.file(
      "bad.yaml",
      [
        "releases:",
        "  - report: sch-apply-1",
        '    releaseAt: "2030-13-01 09:00"',
        "  - report: sch-apply-2",
        "    releaseAt: 2030-07-09 09:00",
        "  - report: sch-apply-2",
        "    releaseAt: null",
        "",
      ].join("\n"),
    )
    const run = await world.folio(["schedule", "apply", file])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe("")
    expect(run.stderr).toBe(
      [
        `${file}:3: releaseAt: "2030-13-01 09:00" is not a time; write 2026-12-01T09:00:00Z, 2026-12-01T09:00+01:00 or "2026-12-01 09:00 Europe/London"`,
        `${file}:5: releaseAt: "2030-07-09 09:00" has no time zone; add one, as in 2030-07-09T09:00:00Z, 2030-07-09T09:00+01:00 or "2030-07-09 09:00 Europe/London"`,
        `${file}:6: report: "sch-apply-2" is already in this file, on line 4`,
        `3 problems in ${file}; nothing was applied (a schedule is applied whole or not at all).`,
        "",
      ].join("\n"),
    )
  })

  it("refuses a file larger than the server applies at once, before sending it", async () => {
    const entries = Array.from({ length: 5001 }, (_, i) => ({ report: `bulk-${i}`, releaseAt: null }))
    const file = await world.file("bulk.json", JSON.stringify({ releases: entries }, null, 1))
    const run = await world.folio(["schedule", "apply", file])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain("A schedule file holds at most 5,000 entries; this one has 5,001")
  })

  it("lists the server's problems by entry line, and applies nothing of the file", async () => {
    await approved("sch-apply-3")
    const file = await world.file(
      "unknown.yaml",
      [
        "releases:",
        "  - report: sch-apply-3",
        "    releaseAt: 2030-08-01T09:00:00Z",
        "  - report: no-such-report",
        "    releaseAt: 2030-08-01T09:00:00Z",
        "  - report: sch-apply-1",
        "    releaseAt: 2030-08-01T09:00:00Z",
        "    channels: [no-such-channel]",
        "",
      ].join("\n"),
    )
    const run = await world.folio(["schedule", "apply", file])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`${file}:4: No report with externalId or id "no-such-report"`)
    expect(run.stderr).toContain(`${file}:6: channels: No channel named "no-such-channel"`)
    expect(run.stderr).toMatch(/^2 problems in .*; nothing was applied/m)
    expect((await scheduled()).has("sch-apply-3")).toBe(false)
  })
})

describe("blackouts and the restricted list", { timeout: slow }, () => {
  it("a blackout refuses `schedule set` and `schedule apply` with its reason; removing it lets them through", async () => {
    await approved("sch-quiet-1", "XOM")
    const added = await world.json<{ blackout: { id: string } }>([
      "blackouts",
      "add",
      "--from",
      "2030-09-01 00:00 Europe/London",
      "--to",
      "2030-09-08T00:00Z",
      "--ticker",
      "xom",
      "--reason",
      "Q3 results quiet period",
    ])
    const listed = await world.folio(["blackouts", "list"])
    expect(listed.code, listed.stderr).toBe(0)
    expect(listed.stdout).toMatch(
      /^2030-08-31 23:00\s+2030-09-08 00:00\s+XOM\s+Q3 results quiet period\s+.*\s+[0-9a-f-]{36}$/m,
    )

    const refused = await world.folio(["schedule", "set", "sch-quiet-1", "2030-09-02T09:00:00Z"])
    expect(refused.code).toBe(1)
    expect(refused.stdout).toBe("")
    expect(refused.stderr).toContain("Q3 results quiet period")
    expect(refused.stderr).toContain("XOM")

    const file = await world.file(
      "quiet.yaml",
      "releases:\n  - report: sch-quiet-1\n    releaseAt: 2030-09-03T09:00:00Z\n",
    )
    const applied = await world.folio(["schedule", "apply", file])
    expect(applied.code).toBe(1)
    expect(applied.stderr).toContain("Q3 results quiet period")
    expect((await scheduled()).has("sch-quiet-1")).toBe(false)

    // Outside it: fine; and after removing it, inside too.
    const outside = await world.folio(["schedule", "set", "sch-quiet-1", "2030-09-09T09:00:00Z"])
    expect(outside.code, outside.stderr).toBe(0)
    const removed = await world.folio(["blackouts", "remove", added.blackout.id])
    expect(removed.code, removed.stderr).toBe(0)
    expect(removed.stdout).toContain("Removed the blackout for XOM")
    const inside = await world.folio(["schedule", "set", "sch-quiet-1", "2030-09-02T09:00:00Z"])
    expect(inside.code, inside.stderr).toBe(0)
  })

  it("warns which scheduled releases a new blackout will hold", async () => {
    const run = await world.folio([
      "blackouts",
      "add",
      "--from",
      "2030-09-02T00:00Z",
      "--to",
      "2030-09-02T12:00Z",
      "--reason",
      "Systems migration",
    ])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(
      /^Added a blackout for every report from 2030-09-02 00:00 UTC to 2030-09-02 12:00 UTC: "Systems migration" \(/,
    )
    expect(run.stderr).toContain("sch-quiet-1 (2030-09-02 09:00 UTC)")
    expect(run.stderr).toContain("will be held when due")
  })

  it("a restricted ticker refuses scheduling with its reason, until it is taken off the list", async () => {
    await approved("sch-restricted-1", "JPM")
    const add = await world.folio(["restricted", "add", "jpm", "--reason", "Advising on the bond issue"])
    expect(add.code, add.stderr).toBe(0)
    expect(add.stdout).toContain('Restricted JPM: "Advising on the bond issue".')
    const list = await world.folio(["restricted", "list"])
    expect(list.stdout).toMatch(/^JPM\s+Advising on the bond issue\s+/m)
    // The same list where the blackouts are, as other messages may name it.
    expect((await world.folio(["blackouts", "restricted", "list"])).stdout).toBe(list.stdout)

    const refused = await world.folio([
      "schedule",
      "set",
      "sch-restricted-1",
      "2030-10-01T09:00:00Z",
      "--json",
    ])
    expect(refused.code).toBe(1)
    const doc = JSON.parse(refused.stdout)
    expect(doc.ok).toBe(false)
    expect(doc.error.message).toContain("JPM")
    expect(doc.error.message).toContain("Advising on the bond issue")

    const off = await world.folio(["restricted", "remove", "JPM"])
    expect(off.code, off.stderr).toBe(0)
    expect(off.stdout).toBe("JPM is no longer restricted.\n")
    const ok = await world.folio(["schedule", "set", "sch-restricted-1", "2030-10-01T09:00:00Z"])
    expect(ok.code, ok.stderr).toBe(0)
  })
})

describe("--help", { timeout: slow }, () => {
  it("every new command and subcommand has help with an example", async () => {
    const commands = [
      ["schedule"],
      ["schedule", "list"],
      ["schedule", "set"],
      ["schedule", "unset"],
      ["schedule", "export"],
      ["schedule", "apply"],
      ["blackouts"],
      ["blackouts", "list"],
      ["blackouts", "add"],
      ["blackouts", "remove"],
      ["restricted"],
      ["restricted", "list"],
      ["restricted", "add"],
      ["restricted", "remove"],
      ["channels"],
      ["channels", "list"],
      ["channels", "create"],
      ["channels", "update"],
      ["channels", "enable"],
      ["channels", "disable"],
      ["channels", "test"],
      ["channels", "rotate-secret"],
      ["deliveries"],
      ["deliveries", "list"],
      ["deliveries", "retry"],
    ]
    const runs = await Promise.all(commands.map((command) => world.folio([...command, "--help"])))
    runs.forEach((run, index) => {
      const name = commands[index]?.join(" ")
      expect(run.code, name).toBe(0)
      expect(run.stdout, name).toContain(`Usage: folio ${name}`)
      expect(run.stdout, name).toMatch(new RegExp(`Examples:\\n  \\$ folio ${name}`))
    })
  })
})
