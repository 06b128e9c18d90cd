import type { Command } from "commander"
import { action, addExamples, addJsonFlag, addUrlFlag, booleanFlag, stringFlag } from "../command.js"
import { entityCommand, entityGroup } from "../entityCommand.js"
import type { Output } from "../ui/output.js"

/** kpis list | import: metrics per ticker, their actuals and estimates per period. */
export const registerKpis = (program: Command): void => {
  const kpis = entityGroup(program, {
    name: "kpis",
    summary: "list KPIs per ticker and import their values from CSV",
    description:
      "KPIs: per ticker, metrics (revenue, gross margin, units…) with an actual and an estimate per period " +
      "(2026Q3, 2026H1, FY2026); the surprise is (actual − estimate) / |estimate|. Everyone signed in can list " +
      "them; editors and admins import any ticker's values, analysts those of the tickers they cover.",
    examples: [
      ["folio kpis list", "the tickers that have KPIs"],
      ["folio kpis list AAPL", "Apple's metrics, period by period, with the surprise"],
      ["folio kpis import kpis.csv --dry-run", "check a file against the server, writing nothing"],
      ["folio kpis import kpis.csv", "import it"],
    ],
  })

  entityCommand(kpis, {
    name: "list",
    summary: "list the tickers with KPIs, or one ticker's metrics per period",
    description:
      "Without a ticker, lists the tickers holding at least one metric, by symbol: how many metrics and values, " +
      "and the newest period with an actual. With a ticker, lists each metric period by period (oldest first) " +
      "with its actual, its estimate and the surprise, (actual − estimate) / |estimate|, as a signed percentage.",
    options: (command) =>
      command
        .argument("[ticker]", "a ticker's symbol: its metrics, period by period")
        .option("--q <text>", "symbol starts with, or name contains, this text (without a ticker)")
        .option("--sector <sector>", "only this sector (its exact name; without a ticker)"),
    examples: [
      ["folio kpis list", ""],
      ["folio kpis list --sector Technology", ""],
      ["folio kpis list AAPL", "METRIC, UNIT, PERIOD, ACTUAL, ESTIMATE, SURPRISE"],
      [
        "folio kpis list AAPL --json | jq '.kpis.metrics[] | {name, last: .values[-1]}'",
        "each metric's newest period",
      ],
    ],
    progress: "Reading KPIs…",
    input: (command) => ({
      ticker: command.args[0],
      q: stringFlag(command, "q")?.trim(),
      sector: stringFlag(command, "sector")?.trim(),
    }),
    load: () =>
      Promise.all([import("../services/kpis.js"), import("../ui/kpis.js")]).then(([service, ui]) => ({
        run: service.listKpis,
        render: ui.renderKpiList,
      })),
  })

  const importCommand = kpis
    .command("import")
    .summary("import KPI values from a CSV file, with progress")
    .description(
      "Reads a CSV file with the header ticker,metric,period,kind,value,unit,source (unit and source may be " +
        "blank; a metric named for the first time needs its unit) as a stream, checks every row with the same " +
        "rules as the server, and sends the valid rows in batches of 1,000. A header with an unknown or missing " +
        "column is refused before anything is sent. The server writes the good rows and refuses the others " +
        "(an unknown ticker, one you do not cover, a unit that does not match the metric's); every refused row " +
        "is printed as file:line: field: message, by line. A value equal to the stored one is unchanged, so " +
        "running the same file again changes nothing. Exit code 0 only when every row was imported; 1 when any " +
        "row was refused; 130 when interrupted. Use - to read stdin.",
    )
    .argument("<file.csv>", "the CSV file (- for stdin)")
    .option("--dry-run", "check every row, also against the server, writing nothing")
    .option("--errors-out <file>", "write every problem to this CSV file (file,line,field,message)")
  addUrlFlag(importCommand)
  addJsonFlag(importCommand)
  addExamples(importCommand, [
    ["folio kpis import kpis.csv --dry-run", "what would be created, updated and refused"],
    ["folio kpis import kpis.csv", "import; run it again and everything is unchanged"],
    ["folio kpis import kpis.csv --errors-out problems.csv", "every refused row, for a spreadsheet"],
    ["curl -s https://example.com/consensus.csv | folio kpis import - --json", "from a pipe, a JSON summary"],
  ])
  importCommand.action(action(async (command, out) => runKpiImportCommand(command, out)))
}

/** `folio kpis import`: the file to batches, with live progress, Ctrl-C handling and --errors-out. */
const runKpiImportCommand = async (command: Command, out: Output): Promise<number> => {
  const [{ runCli }, service, { makeStopSignal }, { importReporter }, ui, { writeIssuesCsv }] =
    await Promise.all([
      import("../runtime.js"),
      import("../services/kpiImport.js"),
      import("../services/reportImport.js"),
      import("../ui/importProgress.js"),
      import("../ui/kpiImport.js"),
      import("../ui/issues.js"),
    ])
  const dryRun = booleanFlag(command, "dryRun")
  const errorsOut = stringFlag(command, "errorsOut")
  const reporter = await importReporter(out, dryRun)
  const { stop, request } = makeStopSignal()
  let signals = 0
  const onSignal = () => {
    signals++
    if (signals === 1) {
      reporter.stopping()
      request()
      return
    }
    reporter.close()
    process.stderr.write(
      `Stopped at once; the batch in flight may or may not be applied. ${ui.kpiResumeHint}\n`,
    )
    process.exit(130)
  }
  process.on("SIGINT", onSignal)
  process.on("SIGTERM", onSignal)
  try {
    const summary = await runCli(
      service.runKpiImport(
        { url: stringFlag(command, "url"), file: command.args[0] ?? "", dryRun },
        stop,
        reporter.onEvent,
      ),
    )
    reporter.close()
    if (errorsOut !== undefined) await writeIssuesCsv(errorsOut, summary.issues)
    return ui.renderKpiImportSummary(summary, out, { errorsOut })
  } catch (error) {
    reporter.close()
    if (!(error instanceof service.KpiImportStopped)) throw error
    // Some batches went in: show what was done, then why it stopped and how to go on.
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
    ui.renderKpiImportSummary(error.summary, out, { errorsOut })
    renderProblem(`${error.message}${error.hint === undefined ? "" : ` ${error.hint}`}`, out)
    renderProblem(`The import stopped early. ${ui.kpiResumeHint}`, out)
    return error.exitCode
  } finally {
    process.off("SIGINT", onSignal)
    process.off("SIGTERM", onSignal)
  }
}
