import { type Command, InvalidArgumentError, Option } from "commander"
import {
  action,
  addExamples,
  addJsonFlag,
  addUrlFlag,
  booleanFlag,
  choiceFlag,
  integerIn,
  numberFlag,
  stringFlag,
} from "../command.js"
// Effect-free, like the rest of what `--help` loads.
import { isKnownZone, localZone } from "../ui/times.js"

// Kept here rather than imported from @folio/core, so that `--help` loads no Effect.
const fileFormats = ["yaml", "json"] as const

const timeForms =
  "A time carries its zone: 2026-12-01T09:00:00Z, 2026-12-01T09:00+01:00, or a local time and an IANA zone in " +
  'one argument, "2026-12-01 09:00 Europe/London" (daylight saving time is worked out; a local time the clocks ' +
  "skip or repeat is refused, naming the offsets to choose from)."

/** `--zone`: an IANA zone Intl knows. */
const zoneArgument = (raw: string): string => {
  const zone = raw.trim()
  if (!isKnownZone(zone))
    throw new InvalidArgumentError("Give an IANA time zone such as Europe/London, America/New_York or UTC.")
  return zone
}

const shownZone = (command: Command): string => stringFlag(command, "zone") ?? localZone()

const load = async () => {
  const [{ runCli }, service, ui, { withProgress }] = await Promise.all([
    import("../runtime.js"),
    import("../services/schedule.js"),
    import("../ui/schedule.js"),
    import("../ui/progress.js"),
  ])
  return { runCli, service, ui, withProgress }
}

/** schedule list | set | unset | export | apply: when approved reports are released. */
export const registerSchedule = (program: Command): void => {
  const schedule = program
    .command("schedule")
    .summary("list, set and apply the release schedule (declaratively, for CI)")
    .description(
      "When approved reports are released. Editors and admins schedule, move and unschedule releases; a blackout " +
        "period (`folio blackouts`) or a restricted ticker (`folio restricted`) refuses a time with its reason. " +
        "For CI, keep the schedule in a YAML or JSON file: `export` writes the current one and `apply` brings the " +
        "server to what a file says, showing the plan first, all or nothing. Times are stored in UTC. " +
        timeForms,
    )
  addExamples(schedule, [
    ["folio schedule list", "what is due, held, and released in the last 7 days"],
    ['folio schedule set rt-apple-1 "2026-12-01 09:00 Europe/London"', "schedule (or move) one report"],
    ["folio schedule export > schedule.yaml", "the schedule as a file"],
    ["folio schedule apply schedule.yaml --dry-run", "the plan only; exit 3 when something would change"],
    ["folio schedule apply schedule.yaml", "apply it"],
  ])

  const list = schedule
    .command("list")
    .summary("list scheduled, held and recently released reports")
    .description(
      "Lists every scheduled report (held ones show the blackout or restriction holding them; --to stops at a " +
        "time) and the reports released between --from and --to (default: the last 7 days), by release time. Times are shown in UTC and " +
        "on this machine's clock (TZ), whose zone the column names; --zone shows another zone instead. TIERS are " +
        "the audience's embargo delays: one delivery tier each.",
    )
    .option(
      "--from <when>",
      "released reports from this day (2026-12-01, UTC) or time with zone on (default: 7 days ago)",
    )
    .option("--to <when>", "releases up to the end of this day, or this time (default: every scheduled one)")
    .option(
      "--zone <zone>",
      "show local times in this IANA zone (default: this machine's, from TZ)",
      zoneArgument,
    )
  addUrlFlag(list)
  addJsonFlag(list)
  addExamples(list, [
    ["folio schedule list", ""],
    [
      "folio schedule list --from 2026-11-01 --to 2026-11-30 --zone America/New_York",
      "November, on New York time",
    ],
    [
      "folio schedule list --json | jq -r '.releases[] | select(.heldReason != null) | .title'",
      "what a blackout holds",
    ],
  ])
  list.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await load()
      const result = await withProgress(
        "Listing the schedule…",
        runCli(
          service.listSchedule({
            url: stringFlag(command, "url"),
            from: stringFlag(command, "from"),
            to: stringFlag(command, "to"),
          }),
        ),
        out,
      )
      await ui.renderScheduleList(result, shownZone(command), out)
      return 0
    }),
  )

  const set = schedule
    .command("set")
    .summary("schedule an approved report, or move a scheduled one")
    .description(
      "Schedules an approved report's release at <time>, or moves a scheduled report to it. Refused with the reason " +
        `when a blackout period covers the time or one of its tickers is restricted (exit 1). ${timeForms}`,
    )
    .argument("<report>", "the report's externalId, or its id")
    .argument("<time>", "the release time, with its zone (quote it when it holds spaces)")
    .option("--if-version <n>", "only if the report is still at this version", integerIn(1, 1_000_000_000))
    .option("--zone <zone>", "also show the time in this IANA zone (default: this machine's)", zoneArgument)
  addUrlFlag(set)
  addJsonFlag(set)
  addExamples(set, [
    ["folio schedule set rt-apple-1 2026-12-01T09:00:00Z", ""],
    ['folio schedule set rt-apple-1 "2026-12-01 09:00 America/New_York"', "9 am in New York (14:00 UTC)"],
    ["folio schedule set 3f6c…-… 2026-12-01T09:00+01:00 --if-version 7", "by id, only if unchanged since v7"],
  ])
  set.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await load()
      const result = await withProgress(
        "Scheduling…",
        runCli(
          service.setSchedule({
            url: stringFlag(command, "url"),
            report: command.args[0] ?? "",
            time: command.args[1] ?? "",
            ifVersion: numberFlag(command, "ifVersion"),
          }),
        ),
        out,
      )
      ui.renderScheduled(result, shownZone(command), out)
      return 0
    }),
  )

  const unset = schedule
    .command("unset")
    .summary("unschedule a report (back to approved)")
    .description("Takes a scheduled (or held) report off the schedule: it goes back to approved, unreleased.")
    .argument("<report>", "the report's externalId, or its id")
  addUrlFlag(unset)
  addJsonFlag(unset)
  addExamples(unset, [["folio schedule unset rt-apple-1", ""]])
  unset.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await load()
      const result = await withProgress(
        "Unscheduling…",
        runCli(service.unsetSchedule({ url: stringFlag(command, "url"), report: command.args[0] ?? "" })),
        out,
      )
      ui.renderUnscheduled(result, out)
      return 0
    }),
  )

  const exportCommand = schedule
    .command("export")
    .summary("print the schedule as a file that `apply` reads back unchanged")
    .description(
      "Prints every scheduled report (held ones too) as a schedule file on stdout: report (externalId, else id), " +
        "releaseAt in UTC, and channels. Applying it straight back is an empty plan. Released reports are not in " +
        "it. `--format json` is the machine-readable form (there is no --json).",
    )
    .addOption(new Option("--format <format>", "yaml or json").choices(fileFormats).default("yaml"))
  addUrlFlag(exportCommand)
  addExamples(exportCommand, [
    ["folio schedule export > schedule.yaml", ""],
    ["folio schedule export --format json > schedule.json", ""],
    [
      "folio schedule export > s.yaml && folio schedule apply s.yaml --dry-run",
      "a round trip: exit 0, no changes",
    ],
  ])
  exportCommand.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await load()
      const result = await withProgress(
        "Exporting the schedule…",
        runCli(
          service.exportSchedule({
            url: stringFlag(command, "url"),
            format: choiceFlag(command, "format", fileFormats) ?? "yaml",
          }),
        ),
        out,
      )
      ui.renderScheduleExport(result, out)
      return 0
    }),
  )

  const apply = schedule
    .command("apply")
    .summary("bring the schedule to what a YAML or JSON file says, plan first")
    .description(
      "Reads a schedule file — `releases:` with entries { report: <externalId or id>, releaseAt: <time with zone> " +
        "or null, channels: [names] (optional) } — and checks it here first: each problem is printed as " +
        "file:line: field: message and nothing is sent. Then it prints the plan (schedule / move / unschedule, per " +
        "report, from → to) and applies it in one transaction, all or nothing. Reports the file does not name are " +
        "left alone; releaseAt: null unschedules. Applying the same file again is an empty plan. A blackout or a " +
        "restricted ticker refuses the whole file with its reason. Exit codes: 0 applied or nothing to change, 1 a " +
        "problem (nothing applied), 3 --dry-run with a plan that is not empty. See docs/cli.md for the format.",
    )
    .argument("<file>", "the schedule file (.yaml, .yml or .json; - for stdin, with --format)")
    .option("--dry-run", "print the plan and change nothing (exit 3 when it is not empty)")
    .addOption(
      new Option("--format <format>", "read the file as yaml or json (default: by its extension)").choices(
        fileFormats,
      ),
    )
  addUrlFlag(apply)
  addJsonFlag(apply)
  addExamples(apply, [
    ["folio schedule apply schedule.yaml --dry-run", "in CI: fail the check when the server differs"],
    ["folio schedule apply schedule.yaml", "apply it, then print what changed"],
    ["folio schedule export --format json | jq … | folio schedule apply - --format json", "edit in a pipe"],
  ])
  apply.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await load()
      const dryRun = booleanFlag(command, "dryRun")
      const result = await withProgress(
        dryRun ? "Planning…" : "Applying the schedule…",
        runCli(
          service.applySchedule({
            url: stringFlag(command, "url"),
            file: command.args[0] ?? "",
            format: choiceFlag(command, "format", fileFormats),
            dryRun,
          }),
        ),
        out,
      )
      return ui.renderScheduleApply(result, out)
    }),
  )
}
