import { type Command, InvalidArgumentError, Option } from "commander"
import { booleanFlag, choiceFlag, stringFlag } from "../command.js"
import { entityCommand, entityGroup } from "../entityCommand.js"

/** The coverage service and its views, imported only when a command runs. */
const modules = () => Promise.all([import("../services/coverage.js"), import("../ui/coverage.js")])

// Kept here rather than imported from @folio/core, so that `--help` loads no Effect.
export const ratings = ["buy", "hold", "sell", "not_rated"] as const
type Rating = (typeof ratings)[number]
export const sorts = [
  "symbol",
  "-symbol",
  "analyst",
  "-analyst",
  "rating",
  "-rating",
  "target",
  "-target",
  "since",
  "-since",
  "updatedAt",
  "-updatedAt",
  "lastReport",
  "-lastReport",
] as const

/** `--rating Buy`, `not-rated` and `not rated` are read as buy and not_rated; anything else is refused. */
export const parseRating = (raw: string): Rating => {
  const wanted = raw
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_")
  const rating = ratings.find((candidate) => candidate === wanted)
  if (rating === undefined)
    throw new InvalidArgumentError(`rating must be one of ${ratings.join(", ")} (got ${JSON.stringify(raw)})`)
  return rating
}

const ratingFlag = (command: Command): Rating | undefined => choiceFlag(command, "rating", ratings)

/** coverage list | set | drop | history: who covers which ticker, with what call. */
export const registerCoverage = (program: Command): void => {
  const coverage = entityGroup(program, {
    name: "coverage",
    summary: "list, initiate, change and drop coverage (ticker × analyst)",
    description:
      "The coverage universe: each analyst's standing call on a ticker (a rating of buy, hold, sell or " +
      "not_rated, and a target price) from the day coverage was initiated until it is dropped. Everyone signed " +
      "in can list it; editors and admins change anyone's coverage, analysts their own. Every change is kept " +
      "(`folio coverage history`).",
    examples: [
      ["folio coverage list --analyst ada@folio.example", "one analyst's book"],
      ["folio coverage set AAPL --rating buy --target 215 --currency USD", "initiate (or change) your call"],
      ["folio coverage drop AAPL --note 'Analyst left the sector'", "stop covering a ticker"],
      ["folio coverage history AAPL", "every change, newest first"],
    ],
  })

  entityCommand(coverage, {
    name: "list",
    summary: "list coverage: ticker, analyst, rating, target, since, last report",
    description:
      "Lists active coverage by ticker (dropped rows too with --include-dropped). The list is never paged: at " +
      "most 5,000 rows are returned, and a warning says when more matched. LAST REPORT is the analyst's newest " +
      "published report on the ticker that you may read.",
    options: (command) =>
      command
        .option("--ticker <symbol>", "only this ticker")
        .option("--analyst <analyst>", "only this analyst (email, name or id)")
        .option("--sector <sector>", "only this sector (its exact name)")
        .option("--rating <rating>", `only this rating (${ratings.join(", ")})`, parseRating)
        .option("--include-dropped", "dropped coverage too (with the day it was dropped)")
        .addOption(
          new Option("--sort <field>", "order by this field (- for descending; default symbol)").choices(
            sorts,
          ),
        ),
    examples: [
      ["folio coverage list", "everything covered, by ticker"],
      ["folio coverage list --rating sell --sort -target", "sell calls, highest target first"],
      ["folio coverage list --sector Energy --include-dropped", "a sector, with past coverage"],
      ["folio coverage list --json | jq -r '.coverage[] | [.symbol, .rating] | @tsv'", "for a script"],
    ],
    progress: "Listing coverage…",
    input: (command) => ({
      ticker: stringFlag(command, "ticker"),
      analyst: stringFlag(command, "analyst"),
      sector: stringFlag(command, "sector")?.trim(),
      rating: ratingFlag(command),
      includeDropped: booleanFlag(command, "includeDropped"),
      sort: choiceFlag(command, "sort", sorts),
    }),
    load: () =>
      modules().then(([service, ui]) => ({ run: service.listCoverage, render: ui.renderCoverageList })),
  })

  entityCommand(coverage, {
    name: "set",
    summary: "initiate coverage of a ticker, or change its rating and target",
    description:
      "Sets an analyst's call on a ticker: initiates coverage when they do not cover it (again, after a drop), " +
      "else changes it, and prints what it was and what it is now (hold → buy). Without --analyst the call is " +
      "yours. Left out, --target keeps the current target price (--target none clears it); --currency defaults " +
      "to the ticker's. Setting the call it already has changes nothing. Analysts may set only their own " +
      "coverage; editors and admins anyone's.",
    options: (command) =>
      command
        .argument("<ticker>", "the ticker's symbol")
        .requiredOption("--rating <rating>", `the rating: ${ratings.join(", ")}`, parseRating)
        .option("--target <price>", "the target price (none clears it; left out, the current one stays)")
        .option("--currency <code>", "the target price's currency, e.g. USD (default: the ticker's)")
        .option("--analyst <analyst>", "whose coverage (email, name or id; default: you)")
        .option("--note <text>", "why, kept in the history (at most 500 characters)"),
    examples: [
      ["folio coverage set AAPL --rating buy --target 215", "initiate, or change your call"],
      ["folio coverage set AAPL --rating hold", "downgrade, keeping the target"],
      [
        "folio coverage set SHEL --rating sell --target 24.5 --currency GBP --analyst ada@folio.example",
        "an editor setting an analyst's call",
      ],
      ["folio coverage set AAPL --rating hold --target none --note 'Under review'", "no target for now"],
    ],
    progress: "Saving the call…",
    input: (command) => ({
      ticker: command.args[0] ?? "",
      rating: ratingFlag(command) ?? "not_rated",
      target: stringFlag(command, "target"),
      currency: stringFlag(command, "currency"),
      analyst: stringFlag(command, "analyst"),
      note: stringFlag(command, "note"),
    }),
    load: () =>
      modules().then(([service, ui]) => ({ run: service.setCoverage, render: ui.renderCoverageSet })),
  })

  entityCommand(coverage, {
    name: "drop",
    summary: "drop coverage of a ticker",
    description:
      "Ends an analyst's coverage of a ticker (yours without --analyst). The row and its history are kept: " +
      "`folio coverage list --include-dropped` shows it, and `coverage set` initiates it again.",
    options: (command) =>
      command
        .argument("<ticker>", "the ticker's symbol")
        .option("--analyst <analyst>", "whose coverage (email, name or id; default: you)")
        .option("--note <text>", "why, kept in the history (at most 500 characters)"),
    examples: [
      ["folio coverage drop AAPL", "stop covering Apple"],
      ["folio coverage drop XOM --analyst ada@folio.example --note 'Moved to the macro desk'", ""],
    ],
    progress: "Dropping coverage…",
    input: (command) => ({
      ticker: command.args[0] ?? "",
      analyst: stringFlag(command, "analyst"),
      note: stringFlag(command, "note"),
    }),
    load: () =>
      modules().then(([service, ui]) => ({ run: service.dropCoverage, render: ui.renderCoverageDropped })),
  })

  entityCommand(coverage, {
    name: "history",
    summary: "every initiation, change and drop of a ticker's coverage",
    description:
      "Lists the changes to a ticker's coverage, newest first: who changed what (rating and target from → to), " +
      "when, and the published report or note behind it.",
    options: (command) =>
      command
        .argument("<ticker>", "the ticker's symbol")
        .option("--analyst <analyst>", "only this analyst's coverage (email, name or id)"),
    examples: [
      ["folio coverage history AAPL", ""],
      ["folio coverage history AAPL --analyst ada@folio.example --json", ""],
    ],
    progress: "Reading the history…",
    input: (command) => ({ ticker: command.args[0] ?? "", analyst: stringFlag(command, "analyst") }),
    load: () =>
      modules().then(([service, ui]) => ({ run: service.coverageHistory, render: ui.renderCoverageHistory })),
  })
}
