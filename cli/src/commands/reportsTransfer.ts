import type { Command } from "commander"
import { booleanFlag, choiceFlag, numberFlag, stringFlag } from "../command.js"
import type { Output } from "../ui/output.js"
import type { ReportFilters } from "./reportFlags.js"
import { type Format, formats } from "./reportFormats.js"

/**
 * The actions of `folio reports export` and `import` (registered in reports.ts): the flags to the
 * services' inputs, progress on stderr, the summary and the exit code. Loaded only when run.
 */

/** `folio reports export`: the filtered reports to a file (or stdout) in an import format. */
export const runExport = async (command: Command, out: Output, filters: ReportFilters): Promise<number> => {
  const [{ runCli }, service, { renderExport }, { formatOfFile }] = await Promise.all([
    import("../runtime.js"),
    import("../services/reportExport.js"),
    import("../ui/reportExport.js"),
    import("@folio/core"),
  ])
  const target = stringFlag(command, "out")
  const chosen = choiceFlag(command, "format", formats)
  const format: Format =
    chosen ??
    (target === undefined
      ? "csv"
      : (formatOfFile(target) ?? (/[\\/]$/.test(target) || !/\.[a-z]+$/i.test(target) ? "markdown" : "csv")))
  if (out.json && target === undefined && format !== "markdown") {
    const { CliError } = await import("../cliError.js")
    throw new CliError({
      code: "UsageError",
      message: "--json describes the export, so the reports need a file: add --out FILE.",
      exitCode: 2,
    })
  }
  const progress = await exportProgress(out)
  try {
    const result = await runCli(service.runExport({ ...filters, format, out: target }, progress.update))
    progress.close()
    renderExport(result, out)
    return 0
  } finally {
    progress.close()
  }
}

/** "Exported 2,400 reports…" on stderr in a terminal while the pages arrive. */
const exportProgress = async (out: Output) => {
  if (!out.interactive) return { update: (_count: number) => {}, close: () => {} }
  let last = 0
  let shown = false
  return {
    update: (count: number) => {
      const now = Date.now()
      if (now - last < 200) return
      last = now
      shown = true
      process.stderr.write(`\r\u001b[2KExported ${count.toLocaleString("en-US")} reports…`)
    },
    close: () => {
      if (shown) process.stderr.write("\r\u001b[2K")
      shown = false
    },
  }
}

/** `folio reports import`: files to batches, with live progress, Ctrl-C handling and --errors-out. */
export const runImport = async (command: Command, out: Output): Promise<number> => {
  const [{ runCli }, service, { importReporter }, { renderImportSummary, resumeHint }, { writeIssuesCsv }] =
    await Promise.all([
      import("../runtime.js"),
      import("../services/reportImport.js"),
      import("../ui/importProgress.js"),
      import("../ui/reportImport.js"),
      import("../ui/issues.js"),
    ])
  const dryRun = booleanFlag(command, "dryRun")
  const errorsOut = stringFlag(command, "errorsOut")
  const reporter = await importReporter(out, dryRun)
  const { stop, request } = service.makeStopSignal()
  let signals = 0
  const onSignal = () => {
    signals++
    if (signals === 1) {
      reporter.stopping()
      request()
      return
    }
    reporter.close()
    process.stderr.write(`Stopped at once; the batches in flight may or may not be applied. ${resumeHint}\n`)
    process.exit(130)
  }
  process.on("SIGINT", onSignal)
  process.on("SIGTERM", onSignal)
  try {
    const summary = await runCli(
      service.runImport(
        {
          url: stringFlag(command, "url"),
          paths: command.args,
          format: choiceFlag(command, "format", formats),
          upsert: booleanFlag(command, "upsert"),
          dryRun,
          batchSize: numberFlag(command, "batchSize") ?? service.defaultBatchSize,
          concurrency: numberFlag(command, "concurrency") ?? service.defaultConcurrency,
        },
        stop,
        reporter.onEvent,
      ),
    )
    reporter.close()
    if (errorsOut !== undefined) await writeIssuesCsv(errorsOut, summary.issues)
    return renderImportSummary(summary, out, { errorsOut })
  } catch (error) {
    reporter.close()
    if (!(error instanceof service.ImportStopped)) throw error
    // Some batches may have gone in: show what was done, then why it stopped and how to go on.
    if (errorsOut !== undefined) await writeIssuesCsv(errorsOut, error.summary.issues)
    const { renderJson, renderProblem } = await import("../ui/render.js")
    if (out.json) {
      renderJson({
        ...error.summary,
        ok: false,
        errorsOut: errorsOut ?? null,
        error: { code: error.code, message: error.message },
      })
      return error.exitCode
    }
    renderImportSummary(error.summary, out, { errorsOut })
    renderProblem(`${error.message}${error.hint === undefined ? "" : ` ${error.hint}`}`, out)
    if (error.summary.batches.sent > 0) renderProblem(`The import stopped early. ${resumeHint}`, out)
    return error.exitCode
  } finally {
    process.off("SIGINT", onSignal)
    process.off("SIGTERM", onSignal)
  }
}
