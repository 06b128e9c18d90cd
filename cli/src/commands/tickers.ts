import type { Command } from "commander"
import {
  action,
  addExamples,
  addJsonFlag,
  addPagingFlags,
  addUrlFlag,
  booleanFlag,
  pagingFlags,
  stringFlag,
} from "../command.js"

/** tickers list | import: the securities reports are written about. */
export const registerTickers = (program: Command): void => {
  const tickers = program
    .command("tickers")
    .summary("list tickers and import them from CSV")
    .description(
      "The securities research is written about. Everyone signed in can list them; analysts, editors and " +
        "admins can import them. A report may only name tickers that exist here.",
    )
  addExamples(tickers, [
    ["folio tickers list --sector Technology", "one sector's tickers"],
    ["folio tickers import tickers.csv --dry-run", "check a file without writing"],
    ["folio tickers import tickers.csv", "create or update every ticker of the file"],
  ])

  const list = tickers
    .command("list")
    .summary("list tickers, by symbol")
    .description(
      "Lists tickers in symbol order. Prints one page (50 unless --limit says otherwise); --all follows the " +
        "cursors to the end.",
    )
    .option("--q <text>", "symbol starts with, or name contains, this text (any letter case)")
    .option("--sector <sector>", "only this sector (its exact name)")
    .option("--active", "only active tickers")
    .option("--inactive", "only inactive tickers")
  addPagingFlags(list, "tickers")
  addUrlFlag(list)
  addJsonFlag(list)
  addExamples(list, [
    ["folio tickers list", "the first 50 tickers"],
    ["folio tickers list --q micro", "MSFT, MU, … by symbol or name"],
    ["folio tickers list --sector Energy --all", "every ticker of a sector"],
    ["folio tickers list --all --json | jq -r '.tickers[].symbol'", "every symbol"],
  ])
  list.action(
    action(async (command, out) => {
      const [{ runCli }, service, { renderTickerList }, { withProgress }] = await Promise.all([
        import("../runtime.js"),
        import("../services/tickers.js"),
        import("../ui/tickers.js"),
        import("../ui/progress.js"),
      ])
      const active = booleanFlag(command, "active")
        ? true
        : booleanFlag(command, "inactive")
          ? false
          : undefined
      const result = await withProgress(
        "Listing tickers…",
        runCli(
          service.listTickers({
            url: stringFlag(command, "url"),
            q: stringFlag(command, "q")?.trim(),
            sector: stringFlag(command, "sector")?.trim(),
            active,
            ...pagingFlags(command),
          }),
        ),
        out,
      )
      await renderTickerList(result, out)
      return 0
    }),
  )

  const importCommand = tickers
    .command("import")
    .summary("create or update tickers from a CSV file")
    .description(
      "Reads a CSV file with the header symbol,name,exchange,sector,currency,country,active (active is " +
        "optional: true/false, yes/no or 1/0; true when blank) and creates each ticker, or updates the one with " +
        "the same symbol. Every row is checked first with the same rules as the server; when any row is wrong, " +
        "each problem is printed as file:line: field: message and nothing is written. Use - to read stdin.",
    )
    .argument("<file.csv>", "the CSV file (- for stdin)")
    .option("--dry-run", "check the file and say what would change, without writing")
  addUrlFlag(importCommand)
  addJsonFlag(importCommand)
  addExamples(importCommand, [
    ["folio tickers import tickers.csv --dry-run", "how many would be created, updated or left unchanged"],
    ["folio tickers import tickers.csv", ""],
    ["curl -s https://example.com/universe.csv | folio tickers import -", "from a pipe"],
  ])
  importCommand.action(
    action(async (command, out) => {
      const [{ runCli }, service, { renderTickerImport }, { withProgress }] = await Promise.all([
        import("../runtime.js"),
        import("../services/tickers.js"),
        import("../ui/tickers.js"),
        import("../ui/progress.js"),
      ])
      const dryRun = booleanFlag(command, "dryRun")
      const result = await withProgress(
        dryRun ? "Checking tickers…" : "Importing tickers…",
        runCli(
          service.importTickers({ url: stringFlag(command, "url"), file: command.args[0] ?? "", dryRun }),
        ),
        out,
      )
      return renderTickerImport(result, out)
    }),
  )
}
