import type { Command } from "commander"
import { booleanFlag, stringFlag } from "../command.js"
import { entityCommand, entityGroup } from "../entityCommand.js"

/** The tickers service and its views, imported only when a command runs. */
const modules = () => Promise.all([import("../services/tickers.js"), import("../ui/tickers.js")])

/** tickers list | import: the securities reports are written about. */
export const registerTickers = (program: Command): void => {
  const tickers = entityGroup(program, {
    name: "tickers",
    summary: "list tickers and import them from CSV",
    description:
      "The securities research is written about. Everyone signed in can list them; analysts, editors and " +
      "admins can import them. A report may only name tickers that exist here.",
    examples: [
      ["folio tickers list --sector Technology", "one sector's tickers"],
      ["folio tickers import tickers.csv --dry-run", "check a file without writing"],
      ["folio tickers import tickers.csv", "create or update every ticker of the file"],
    ],
  })

  entityCommand(tickers, {
    name: "list",
    summary: "list tickers, by symbol",
    description:
      "Lists tickers in symbol order. Prints one page (50 unless --limit says otherwise); --all follows the " +
      "cursors to the end.",
    options: (command) =>
      command
        .option("--q <text>", "symbol starts with, or name contains, this text (any letter case)")
        .option("--sector <sector>", "only this sector (its exact name)")
        .option("--active", "only active tickers")
        .option("--inactive", "only inactive tickers"),
    paging: "tickers",
    examples: [
      ["folio tickers list", "the first 50 tickers"],
      ["folio tickers list --q micro", "MSFT, MU, … by symbol or name"],
      ["folio tickers list --sector Energy --all", "every ticker of a sector"],
      ["folio tickers list --all --json | jq -r '.tickers[].symbol'", "every symbol"],
    ],
    progress: "Listing tickers…",
    input: (command) => ({
      q: stringFlag(command, "q")?.trim(),
      sector: stringFlag(command, "sector")?.trim(),
      active: booleanFlag(command, "active") ? true : booleanFlag(command, "inactive") ? false : undefined,
    }),
    load: () =>
      modules().then(([service, ui]) => ({ run: service.listTickers, render: ui.renderTickerList })),
  })

  // The service reads the file (or stdin) and checks every row; the view's exit code is the command's.
  entityCommand(tickers, {
    name: "import",
    summary: "create or update tickers from a CSV file",
    description:
      "Reads a CSV file with the header symbol,name,exchange,sector,currency,country,active (active is " +
      "optional: true/false, yes/no or 1/0; true when blank) and creates each ticker, or updates the one with " +
      "the same symbol. Every row is checked first with the same rules as the server; when any row is wrong, " +
      "each problem is printed as file:line: field: message and nothing is written. Use - to read stdin.",
    options: (command) =>
      command
        .argument("<file.csv>", "the CSV file (- for stdin)")
        .option("--dry-run", "check the file and say what would change, without writing"),
    examples: [
      ["folio tickers import tickers.csv --dry-run", "how many would be created, updated or left unchanged"],
      ["folio tickers import tickers.csv", ""],
      ["curl -s https://example.com/universe.csv | folio tickers import -", "from a pipe"],
    ],
    progress: (command) => (booleanFlag(command, "dryRun") ? "Checking tickers…" : "Importing tickers…"),
    input: (command) => ({ file: command.args[0] ?? "", dryRun: booleanFlag(command, "dryRun") }),
    load: () =>
      modules().then(([service, ui]) => ({ run: service.importTickers, render: ui.renderTickerImport })),
  })
}
