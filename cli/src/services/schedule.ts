/**
 * `folio schedule list | set | unset | export | apply`: the release schedule, one report at a
 * time or declaratively from a file. The file format and its parser live in core
 * (import/scheduleFile.ts); the plan is the server's, asked for with a dry run first.
 */
import {
  formatScheduleFile,
  type ImportIssue,
  type PlanStep,
  parseReleaseTime,
  parseScheduleFile,
  type Release,
  type Report,
  type ScheduleFileFormat,
  ScheduleRequest,
  scheduleEntryOf,
  type ValidationError,
} from "@folio/core"
import { Effect, Either } from "effect"
import { call, signedInTarget } from "../api.js"
import { CliError } from "../cliError.js"
import { readInputFile } from "./importFiles.js"
import { defined } from "./lookup.js"
import { attemptValid } from "./releases.js"
import { resolveReportId } from "./reports.js"
import { decodeInput } from "./validate.js"

interface Flags {
  readonly url?: string | undefined
}

const usage = (message: string, hint?: string): CliError =>
  new CliError({ code: "UsageError", message, hint, exitCode: 2 })

/** A time typed on the command line, in the file's forms; `what` names the argument or flag. */
export const parseTimeArgument = (what: string, text: string): Effect.Effect<Date, CliError> => {
  const parsed = parseReleaseTime(text)
  return Either.isRight(parsed)
    ? Effect.succeed(parsed.right)
    : Effect.fail(usage(`${what}: ${parsed.left}.`))
}

/** `--from`/`--to`: a day (from its start, or to its end, in UTC) or a time with its zone. */
/**
 * The server lists scheduled releases up to `to`, a year ahead unless told: the schedule
 * commands ask for all of them.
 */
export const farFuture = new Date("9999-12-31T00:00:00Z")

export const parseBound = (
  flag: "--from" | "--to",
  text: string | undefined,
): Effect.Effect<Date | undefined, CliError> => {
  if (text === undefined) return Effect.succeed(undefined)
  const day = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/.exec(text)
  if (day) {
    const start = new Date(`${day[1]}-${day[2]}-${day[3]}T00:00:00Z`)
    if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== `${day[1]}-${day[2]}-${day[3]}`)
      return Effect.fail(usage(`${flag}: "${text.trim()}" is not a day; write it like 2026-12-01.`))
    return Effect.succeed(flag === "--from" ? start : new Date(start.getTime() + 86_400_000))
  }
  return parseTimeArgument(flag, text)
}

export interface ScheduleList {
  readonly url: string
  readonly from: Date | null
  readonly to: Date | null
  readonly releases: ReadonlyArray<Release>
}

export const listSchedule = (
  input: Flags & { readonly from?: string | undefined; readonly to?: string | undefined },
): Effect.Effect<ScheduleList, CliError> =>
  Effect.gen(function* () {
    const from = yield* parseBound("--from", input.from)
    const to = yield* parseBound("--to", input.to)
    const target = yield* signedInTarget(input)
    // Without --to the server stops a year ahead; a schedule list shows every scheduled release.
    const releases = yield* call(target, (client) =>
      client.releases.schedule({ urlParams: defined({ from, to: to ?? farFuture }) }),
    )
    return { url: target.url, from: from ?? null, to: to ?? null, releases }
  })

export interface ScheduledReport {
  readonly url: string
  readonly report: Report
  /** Its release time before the command: null when it was not scheduled. */
  readonly from: Date | null
}

export const setSchedule = (
  input: Flags & { readonly report: string; readonly time: string; readonly ifVersion?: number | undefined },
): Effect.Effect<ScheduledReport, CliError> =>
  Effect.gen(function* () {
    const releaseAt = yield* parseTimeArgument("<time>", input.time)
    const payload = yield* decodeInput(
      ScheduleRequest,
      {
        releaseAt: releaseAt.toISOString(),
        ...(input.ifVersion === undefined ? {} : { version: input.ifVersion }),
      },
      { releaseAt: "<time>", version: "--if-version" },
    )
    const target = yield* signedInTarget(input)
    const reportId = yield* resolveReportId(target, input.report)
    const before = yield* call(target, (client) => client.reports.get({ path: { reportId } }))
    const report = yield* call(target, (client) =>
      client.releases.setSchedule({ path: { reportId }, payload }),
    )
    return { url: target.url, report, from: before.status === "scheduled" ? before.releaseAt : null }
  })

export const unsetSchedule = (
  input: Flags & { readonly report: string },
): Effect.Effect<ScheduledReport, CliError> =>
  Effect.gen(function* () {
    const target = yield* signedInTarget(input)
    const reportId = yield* resolveReportId(target, input.report)
    const before = yield* call(target, (client) => client.reports.get({ path: { reportId } }))
    const report = yield* call(target, (client) => client.releases.unsetSchedule({ path: { reportId } }))
    return { url: target.url, report, from: before.releaseAt }
  })

export interface ScheduleExport {
  readonly url: string
  readonly format: ScheduleFileFormat
  readonly count: number
  readonly text: string
}

/**
 * Every scheduled report (held ones too) as the entries `apply` reads, so that applying an
 * export changes nothing. Released reports are history, not schedule, and are left out.
 */
export const exportSchedule = (
  input: Flags & { readonly format: ScheduleFileFormat },
): Effect.Effect<ScheduleExport, CliError> =>
  Effect.gen(function* () {
    const target = yield* signedInTarget(input)
    const releases = yield* call(target, (client) =>
      client.releases.schedule({ urlParams: { from: new Date(), to: farFuture } }),
    )
    const entries = releases
      .filter((release) => release.status === "scheduled")
      .map(scheduleEntryOf)
      .sort(
        (a, b) =>
          (a.releaseAt?.getTime() ?? 0) - (b.releaseAt?.getTime() ?? 0) ||
          (a.report < b.report ? -1 : a.report > b.report ? 1 : 0),
      )
    return {
      url: target.url,
      format: input.format,
      count: entries.length,
      text: formatScheduleFile(entries, input.format),
    }
  })

export interface ScheduleApply {
  readonly url: string
  readonly file: string
  readonly dryRun: boolean
  /** Problems with the file (found here, or by the server against each entry); nothing was applied. */
  readonly issues: ReadonlyArray<ImportIssue>
  /** The plan shown before applying (the dry run's steps). */
  readonly plan: ReadonlyArray<PlanStep>
  /** What was applied: null for a dry run or an empty plan. */
  readonly applied: ReadonlyArray<PlanStep> | null
}

/** A server ValidationError about `entries[i]` as the problem of the file line entry i started on. */
const entryIssues = (
  file: string,
  lines: ReadonlyArray<number>,
  error: ValidationError,
): Array<ImportIssue> => {
  const issues = error.issues.length > 0 ? error.issues : [{ path: [], message: error.message }]
  return issues.map((issue) => {
    const at = issue.path.findIndex((part) => typeof part === "number" || /^\d+$/.test(String(part)))
    const index = at === -1 ? undefined : Number(issue.path[at])
    const rest = at === -1 ? [] : issue.path.slice(at + 1).map(String)
    return {
      file,
      line: index === undefined ? 0 : (lines[index] ?? 0),
      field: rest.length > 0 ? rest.join(".") : "(entry)",
      message: issue.message,
    }
  })
}

/** The server applies at most this many entries at once (ScheduleApplyRequest), all or nothing. */
const maxEntries = 5000

export const sameSteps = (a: ReadonlyArray<PlanStep>, b: ReadonlyArray<PlanStep>): boolean =>
  a.length === b.length &&
  a.every((step, index) => {
    const other = b[index]
    return (
      other !== undefined &&
      step.reportId === other.reportId &&
      step.action === other.action &&
      step.from?.getTime() === other.from?.getTime() &&
      step.to?.getTime() === other.to?.getTime()
    )
  })

/**
 * `schedule apply`: the file is read and checked here (every problem with its line), then the
 * server plans it (a dry run), and unless `dryRun` the same entries are applied in one
 * transaction. The applied steps are returned too: they differ from the plan only when someone
 * changed the schedule in between.
 */
export const applySchedule = (
  input: Flags & {
    readonly file: string
    readonly format?: ScheduleFileFormat | undefined
    readonly dryRun: boolean
  },
): Effect.Effect<ScheduleApply, CliError> =>
  Effect.gen(function* () {
    if (input.file === "-" && input.format === undefined)
      return yield* Effect.fail(
        usage("Reading stdin (-) needs --format.", "Add --format yaml or --format json."),
      )
    // Any name will do: the format is told by the extension, else by the first character.
    const source = { name: input.file, path: input.file === "-" ? null : input.file, format: "json" } as const
    const name = source.path === null ? "stdin" : source.name
    const text = yield* readInputFile(source)
    const parsed = parseScheduleFile(name, text, input.format)
    const base = { file: name, dryRun: input.dryRun }
    if (parsed.issues.length > 0) return { url: "", ...base, issues: parsed.issues, plan: [], applied: null }
    if (parsed.entries.length > maxEntries) {
      const line = parsed.lines[maxEntries] ?? 1
      const message = `A schedule file holds at most ${maxEntries.toLocaleString("en-US")} entries; this one has ${parsed.entries.length.toLocaleString("en-US")}`
      return {
        url: "",
        ...base,
        issues: [{ file: name, line, field: "(file)", message }],
        plan: [],
        applied: null,
      }
    }

    const target = yield* signedInTarget(input)
    const send = (dryRun: boolean) =>
      attemptValid(
        target,
        (client) => client.releases.apply({ payload: { entries: parsed.entries, dryRun } }),
        60,
      )
    const result = (
      issues: ScheduleApply["issues"],
      plan: ScheduleApply["plan"],
      applied: ScheduleApply["applied"] = null,
    ): ScheduleApply => ({ url: target.url, ...base, issues, plan, applied })

    const planned = yield* send(true)
    if (Either.isLeft(planned)) return result(entryIssues(name, parsed.lines, planned.left), [])
    const plan = planned.right.steps
    if (input.dryRun || plan.length === 0) return result([], plan)

    const done = yield* send(false)
    if (Either.isLeft(done)) return result(entryIssues(name, parsed.lines, done.left), plan)
    return result([], plan, done.right.steps)
  })
