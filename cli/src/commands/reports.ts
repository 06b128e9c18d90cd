import { type Command, Option } from "commander"
import { CliError } from "../cliError.js"
import {
  action,
  addExamples,
  addJsonFlag,
  addPagingFlags,
  addUrlFlag,
  booleanFlag,
  integerIn,
  numberFlag,
  pagingFlags,
  stringFlag,
} from "../command.js"
import { addFieldFlags, addFilterFlags, fieldFlags, filters } from "./reportFlags.js"
import { formats } from "./reportFormats.js"

const lifecycle = [
  {
    name: "submit",
    summary: "submit a draft for review",
    description: "Moves a draft to in review. Analysts submit their own reports; editors and admins any.",
  },
  {
    name: "return",
    summary: "send a report in review back to draft",
    description:
      "Moves a report in review back to draft: changes requested by an editor, or withdrawn by its analyst.",
  },
  {
    name: "approve",
    summary: "approve a report in review (editor)",
    description: "Moves a report in review to approved. Editors and admins only.",
  },
  {
    name: "publish",
    summary: "publish an approved report now (editor)",
    description:
      "Publishes an approved report at once: its audience can read it (after any embargo), and the standard " +
      "disclosures are appended. Editors and admins only.",
  },
  {
    name: "archive",
    summary: "archive a published report (editor)",
    description: "Takes a published report out of circulation. Editors and admins only; `restore` undoes it.",
  },
  {
    name: "restore",
    summary: "restore an archived report to draft (editor)",
    description: "Moves an archived report back to draft. Editors and admins only.",
  },
] as const

const loadService = async () => {
  const [{ runCli }, reads, writes, ui, { withProgress }] = await Promise.all([
    import("../runtime.js"),
    import("../services/reports.js"),
    import("../services/reportWrites.js"),
    import("../ui/reports.js"),
    import("../ui/progress.js"),
  ])
  return { runCli, service: { ...reads, ...writes }, ui, withProgress }
}

/** reports list | get | create | update | submit | … | export | import. */
export const registerReports = (program: Command): void => {
  const reports = program
    .command("reports")
    .summary("list, write, review, publish, export and import reports")
    .description(
      "Research reports. Everyone sees the reports they may read; analysts write and submit, editors approve, " +
        "publish and archive. Reports move draft → in review → approved → published → archived. " +
        "`export` and `import` share one format (CSV, JSON, NDJSON or Markdown with front matter; see docs/import.md).",
    )
  addExamples(reports, [
    ["folio reports list --status in_review", "the review queue"],
    ["folio reports create --file note.md", "a draft from a Markdown file"],
    ["folio reports publish 3f6c…-…", "publish an approved report"],
    ["folio reports import ./reports --upsert", "bulk import a folder, updating by externalId"],
    ["folio reports export --format csv --out reports.csv", "everything you can read, as CSV"],
  ])

  const list = reports
    .command("list")
    .summary("list reports, filtered and sorted")
    .description(
      "Lists the reports you may read, newest update first. Prints one page (50 unless --limit says otherwise); " +
        "--all follows the cursors to the end, and without it a note on stderr says how to get the next page.",
    )
  addFilterFlags(list)
  addPagingFlags(list, "reports")
  addUrlFlag(list)
  addJsonFlag(list)
  list.option("--ndjson", "print one JSON report per line, as the pages arrive")
  list.option("--csv", "print CSV: a header, then one report per row")
  addExamples(list, [
    ["folio reports list", "the 50 most recently updated"],
    ["folio reports list --status draft,in_review --author ada@folio.example", "someone's work in progress"],
    ["folio reports list --ticker AAPL --sort -publishedAt --from 2026-01-01", "this year's Apple research"],
    ["folio reports list --all --json | jq '.reports | length'", "how many you can see"],
    ["folio reports list --all --ndjson | jq -r .title", "every title, printed as the pages arrive"],
    ["folio reports list --all --csv > reports.csv", "everything you can see, for a spreadsheet"],
  ])
  list.action(
    action(async (command, out) => {
      const chosen = (["csv", "ndjson"] as const).filter((name) => booleanFlag(command, name))
      if (chosen.length + (out.json ? 1 : 0) > 1)
        throw new CliError({
          code: "UsageError",
          message: "Choose one output format: --json, --ndjson or --csv.",
          exitCode: 2,
        })
      const format = out.json ? "json" : (chosen[0] ?? "table")
      const { runCli, service, ui, withProgress } = await loadService()
      const pages = await withProgress(
        "Listing reports…",
        runCli(service.listReportPages({ ...filters(command), ...pagingFlags(command) })),
        out,
      )
      await runCli(ui.writeReportList(pages, out, format))
      return 0
    }),
  )

  const get = reports
    .command("get")
    .summary("show a report: its metadata and Markdown body")
    .description(
      "Prints a report's metadata, then its summary and Markdown body as written (and the disclosures once " +
        "published). --json prints the whole report, including its version for `update --if-version`.",
    )
    .argument("<id>", "the report's id, or the externalId it was imported under")
  addUrlFlag(get)
  addJsonFlag(get)
  addExamples(get, [
    ["folio reports get 3f6c…-…", ""],
    ["folio reports get 3f6c…-… --json | jq -r .report.body > body.md", "the body alone"],
  ])
  get.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await loadService()
      const result = await withProgress(
        "Fetching the report…",
        runCli(service.getReport({ url: stringFlag(command, "url"), id: command.args[0] ?? "" })),
        out,
      )
      await ui.renderReport(result, out)
      return 0
    }),
  )

  const create = reports
    .command("create")
    .summary("create a draft report from flags, a Markdown file and/or stdin")
    .description(
      "Creates a draft. Give the fields as flags, or as a Markdown file with YAML front matter (the format " +
        "`import` reads; flags override its fields), and the body from the file or from stdin with --body-stdin. " +
        "A title and a sector are required. Everything is checked with the import rules before anything is sent.",
    )
  addFieldFlags(create, "create")
  addUrlFlag(create)
  addJsonFlag(create)
  addExamples(create, [
    [
      "folio reports create --title 'Apple: services carry the quarter' --sector Technology --ticker AAPL --body-stdin < body.md",
      "",
    ],
    ["folio reports create --file apple-q3.md", "everything from the front matter"],
    [
      "folio reports create --file draft.md --audience acme --audience 'globex/Macro desk+24h'",
      "with an audience (Globex's desk a day later)",
    ],
  ])
  create.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await loadService()
      const result = await withProgress(
        "Creating the report…",
        runCli(service.createReport(fieldFlags(command))),
        out,
      )
      await ui.renderCreatedReport(result, out)
      return 0
    }),
  )

  const update = reports
    .command("update")
    .summary("save changes to a report")
    .description(
      "Saves the fields given (as flags, --file or --body-stdin) on top of the report's current version, and ends " +
        "the editing session, so the save is kept as a revision. List flags (--ticker, --tag, --author, --audience, --channel) replace the whole list. With " +
        "--if-version the save is refused when the report is no longer at that version, so a change made " +
        "meanwhile is never overwritten; without it, the version just read is used and a save in between is still " +
        "refused (409).",
    )
    .argument("<id>", "the report's id, or the externalId it was imported under")
    .option(
      "--if-version <n>",
      "only save if the report is still at this version",
      integerIn(1, 1_000_000_000),
    )
  addFieldFlags(update, "update")
  addUrlFlag(update)
  addJsonFlag(update)
  addExamples(update, [
    ["folio reports update 3f6c…-… --title 'Apple: services carry the year'", ""],
    ["folio reports update 3f6c…-… --body-stdin < body.md", "replace the body"],
    [
      "folio reports update 3f6c…-… --ticker AAPL --ticker MSFT --if-version 4",
      "only if nobody saved since v4",
    ],
    ["folio reports update 3f6c…-… --rating none", "clear the rating"],
  ])
  update.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await loadService()
      const result = await withProgress(
        "Saving…",
        runCli(
          service.updateReport({
            ...fieldFlags(command),
            id: command.args[0] ?? "",
            ifVersion: numberFlag(command, "ifVersion"),
          }),
        ),
        out,
      )
      ui.renderUpdatedReport(result, out)
      return 0
    }),
  )

  for (const step of lifecycle) {
    const command = reports
      .command(step.name)
      .summary(step.summary)
      .description(step.description)
      .argument("<id>", "the report's id, or the externalId it was imported under")
      .option("--if-version <n>", "only if the report is still at this version", integerIn(1, 1_000_000_000))
    addUrlFlag(command)
    addJsonFlag(command)
    addExamples(command, [
      [`folio reports ${step.name} 3f6c…-…`, ""],
      [`folio reports ${step.name} 3f6c…-… --json | jq -r .report.status`, "the new status"],
    ])
    command.action(
      action(async (self, out) => {
        const { runCli, service, ui, withProgress } = await loadService()
        const result = await withProgress(
          `${step.name[0]?.toUpperCase()}${step.name.slice(1)}…`,
          runCli(
            service.transitionReport({
              url: stringFlag(self, "url"),
              id: self.args[0] ?? "",
              transition: step.name,
              ifVersion: numberFlag(self, "ifVersion"),
            }),
          ),
          out,
        )
        ui.renderTransition(result, out)
        return 0
      }),
    )
  }

  const exportCommand = reports
    .command("export")
    .summary("write reports out in the import format (CSV, JSON, NDJSON or Markdown)")
    .description(
      "Writes every report the filters match, in a format `folio reports import` reads back unchanged. CSV, JSON " +
        "and NDJSON go to stdout, or to --out FILE; Markdown is one file per report, in the folder --out DIR. " +
        "Without --format the format follows --out's extension (a folder means Markdown), else CSV.",
    )
    .addOption(new Option("--format <format>", "csv, json, ndjson or markdown").choices(formats))
    .option("--out <path>", "the file to write (csv, json, ndjson) or the folder (markdown)")
  addFilterFlags(exportCommand)
  addUrlFlag(exportCommand)
  addJsonFlag(exportCommand)
  addExamples(exportCommand, [
    ["folio reports export > reports.csv", "everything you can read, as CSV"],
    ["folio reports export --status published --format ndjson --out published.ndjson", ""],
    ["folio reports export --ticker AAPL --format markdown --out ./apple", "one .md file per report"],
    ["folio reports export --out all.csv && folio reports import all.csv --dry-run --upsert", "a round trip"],
  ])
  exportCommand.action(
    action(async (command, out) =>
      (await import("./reportsTransfer.js")).runExport(command, out, filters(command)),
    ),
  )

  const importCommand = reports
    .command("import")
    .summary("bulk import reports from files and folders, resumably")
    .description(
      "Reads CSV, JSON, NDJSON and Markdown files (folders are walked for .csv, .json, .ndjson, .jsonl and .md), " +
        "checks every row with the same rules as the server, and sends the valid rows in batches. Each problem is " +
        "reported as file:line: field: message. Without --upsert a report whose externalId exists is a conflict; " +
        "with it, that report is updated. Each batch carries a key made from its content, so if an import is " +
        "interrupted (Ctrl-C, a crash, the network), running the same command again skips what the server already " +
        "applied and finishes without duplicates. Ctrl-C stops after the batches in flight. Exit code 0 only when " +
        "every row was imported; 1 when any row failed; 130 when interrupted. See docs/import.md for the fields.",
    )
    .argument("<paths...>", "files and folders to import (- for stdin, with --format)")
    .addOption(
      new Option(
        "--format <format>",
        "read the named files as this format (and only its files in folders)",
      ).choices(formats),
    )
    .option("--upsert", "update the report with the same externalId instead of reporting a conflict")
    .option(
      "--dry-run",
      "check every row, also against the server (tickers, authors, conflicts), writing nothing",
    )
    .option("--errors-out <file>", "write every problem to this CSV file (file,line,field,message)")
    .option(
      "--batch-size <n>",
      "rows per request, 1–2000 (default 1000; a batch also stays under 4 MB)",
      integerIn(1, 2000),
    )
    .option(
      "--concurrency <n>",
      "batches in flight at once, 1–8 (default 3: the server writes one while the next is sent)",
      integerIn(1, 8),
    )
  addUrlFlag(importCommand)
  addJsonFlag(importCommand)
  addExamples(importCommand, [
    ["folio reports import reports.csv", "import a CSV file"],
    [
      "folio reports import ./research --dry-run --errors-out problems.csv",
      "check a folder, problems to a CSV",
    ],
    [
      "folio reports import 2026/*.ndjson --upsert",
      "create new reports, update those with a known externalId",
    ],
    ["folio reports import reports.csv", "again after Ctrl-C or a crash: carries on where it stopped"],
    ["cat feed.jsonl | folio reports import - --format ndjson --json", "from a pipe, with a JSON summary"],
  ])
  importCommand.action(
    action(async (command, out) => (await import("./reportsTransfer.js")).runImport(command, out)),
  )
}
