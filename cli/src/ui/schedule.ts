import { type PlanStep, plural, type Release } from "@folio/core"
import {
  type ScheduleApply,
  type ScheduledReport,
  type ScheduleExport,
  type ScheduleList,
  sameSteps,
} from "../services/schedule.js"
import { issueLine } from "./issues.js"
import type { Output } from "./output.js"
import { renderDone, renderJson, renderLines, renderNote, renderProblem, renderWarning } from "./render.js"
import { type Column, renderTable } from "./table.js"
import { bothText, isUtcZone, utcText, wallText } from "./times.js"

/** Exit code of `apply --dry-run` whose plan is not empty: something would change. */
export const pendingChangesExitCode = 3

const reportRef = (item: { readonly externalId: string | null; readonly reportId: string }): string =>
  item.externalId ?? item.reportId

const tiersText = (tiers: ReadonlyArray<number>): string =>
  tiers.length === 0 ? "" : tiers.map((hours) => (hours === 0 ? "0h" : `+${hours}h`)).join(",")

const releaseColumns = (zone: string): ReadonlyArray<Column<Release>> => [
  { header: "RELEASE (UTC)", value: (release) => wallText(release.releaseAt, "UTC") },
  ...(isUtcZone(zone)
    ? []
    : [
        {
          header: `LOCAL (${zone})`,
          value: (release: Release) => wallText(release.releaseAt, zone),
          optional: true,
        },
      ]),
  {
    header: "STATUS",
    value: (release) => release.status,
    tone: (release) =>
      release.heldReason !== null
        ? "red"
        : release.late
          ? "yellow"
          : release.status === "published"
            ? "green"
            : undefined,
  },
  { header: "REPORT", value: reportRef },
  { header: "TITLE", value: (release) => release.title, flexible: true },
  { header: "HELD", value: (release) => release.heldReason ?? "", tone: () => "red" },
  { header: "LATE", value: (release) => (release.late ? "yes" : ""), optional: true },
  { header: "TIERS", value: (release) => tiersText(release.tiers), optional: true },
  { header: "CHANNELS", value: (release) => release.channels.join(","), optional: true },
]

export const renderScheduleList = async (result: ScheduleList, zone: string, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  if (result.releases.length === 0) {
    renderNote("Nothing is scheduled, and nothing was released in that period.", out)
    return
  }
  await renderTable(releaseColumns(zone), result.releases, out)
}

const name = (report: { readonly title: string; readonly externalId: string | null; readonly id: string }) =>
  `"${report.title}" (${report.externalId ?? report.id})`

export const renderScheduled = (result: ScheduledReport, zone: string, out: Output): void => {
  if (out.json) {
    renderJson({ ok: true, ...result })
    return
  }
  const { report } = result
  const to = report.releaseAt === null ? "its time" : bothText(report.releaseAt, zone)
  if (result.from === null) renderDone(`Scheduled ${name(report)} for ${to}.`, out)
  else if (report.releaseAt !== null && result.from.getTime() === report.releaseAt.getTime())
    renderDone(`${name(report)} was already scheduled for ${to}; nothing changed.`, out)
  else renderDone(`Moved ${name(report)} from ${utcText(result.from)} to ${to}.`, out)
}

export const renderUnscheduled = (result: ScheduledReport, out: Output): void => {
  if (out.json) {
    renderJson({ ok: true, ...result })
    return
  }
  const { report } = result
  renderDone(
    `Unscheduled ${name(report)}: scheduled → ${report.status}${result.from === null ? "" : ` (it was due ${utcText(result.from)})`}.`,
    out,
  )
}

/** The file alone on stdout, so `folio schedule export > schedule.yaml` is the whole story. */
export const renderScheduleExport = (result: ScheduleExport, out: Output): void => {
  process.stdout.write(result.text)
  renderNote(`Exported ${plural(result.count, "scheduled release")} from ${result.url} (times in UTC).`, out)
}

const count = (n: number): string => plural(n, "change")

const planColumns: ReadonlyArray<Column<PlanStep>> = [
  {
    header: "ACTION",
    value: (step) => step.action,
    tone: (step) => (step.action === "unschedule" ? "red" : step.action === "move" ? "yellow" : "green"),
  },
  { header: "REPORT", value: reportRef },
  { header: "TITLE", value: (step) => step.title, flexible: true, optional: true },
  { header: "FROM (UTC)", value: (step) => (step.from === null ? "" : wallText(step.from, "UTC")) },
  { header: "TO (UTC)", value: (step) => (step.to === null ? "" : wallText(step.to, "UTC")) },
  { header: "CHANNELS", value: (step) => step.channels?.join(",") ?? "", optional: true },
]

const renderPlan = async (steps: ReadonlyArray<PlanStep>, out: Output): Promise<void> => {
  const columns = steps.some((step) => step.channels !== undefined)
    ? planColumns
    : planColumns.filter((column) => column.header !== "CHANNELS")
  await renderTable(columns, steps, out)
}

/**
 * The plan (or the file's problems), then what happened. Returns the exit code: 0 applied or
 * nothing to do, 1 problems, 3 a dry run that would change something.
 */
export const renderScheduleApply = async (result: ScheduleApply, out: Output): Promise<number> => {
  const failed = result.issues.length > 0
  const pending = result.dryRun && result.plan.length > 0
  const code = failed ? 1 : pending ? pendingChangesExitCode : 0
  if (out.json) {
    renderJson({
      ok: !failed,
      url: result.url,
      file: result.file,
      dryRun: result.dryRun,
      changes: (result.applied ?? result.plan).length,
      applied: result.applied !== null,
      steps: result.applied ?? result.plan,
      issues: result.issues,
    })
    return code
  }
  if (failed) {
    for (const issue of result.issues)
      renderProblem(issue.line > 0 ? issueLine(issue) : `${issue.file}: ${issue.message}`, out)
    renderProblem(
      `${plural(result.issues.length, "problem")} in ${result.file}; nothing was applied (a schedule is applied whole or not at all).`,
      out,
    )
    return code
  }
  if (result.plan.length === 0) {
    renderDone(`Nothing to change: the schedule already matches ${result.file}.`, out)
    return code
  }
  renderLines([`Plan for ${result.file}: ${count(result.plan.length)}.`])
  await renderPlan(result.plan, out)
  if (result.dryRun) {
    renderLines([`Dry run: ${count(result.plan.length)} would be made; nothing was applied.`])
    return code
  }
  const applied = result.applied ?? []
  if (!sameSteps(applied, result.plan)) {
    renderWarning(
      "The schedule changed while the plan was shown; these are the changes that were applied:",
      out,
    )
    await renderPlan(applied, out)
  }
  renderDone(applied.length === 0 ? "Nothing to change." : `Applied ${count(applied.length)}.`, out)
  return code
}
