import { type Command, InvalidArgumentError, Option } from "commander"
import { booleanFlag, choiceFlag, collectChoices, collectEach, listFlag, stringFlag } from "../command.js"

/** The flags `folio reports` shares between its commands: list filters, and a report's fields. */
// Kept here rather than imported from @folio/core, so that `--help` loads no Effect.
const statuses = ["draft", "in_review", "approved", "scheduled", "published", "archived"] as const
type Status = (typeof statuses)[number]
const types = ["note", "update", "initiation", "sector", "flash"] as const
const sorts = ["-updatedAt", "-publishedAt", "title"] as const
const ratings = ["buy", "hold", "sell", "not_rated", "none"] as const

/** `--status draft,in_review` and repeated `--status` both collect a list of statuses. */
const collectStatuses = collectChoices(statuses, "status", (part) => part.replace("-", "_"))

/** Repeatable list flags: `--ticker AAPL --ticker MSFT` or `--ticker AAPL,MSFT` (`;` works too). */
const collectList = (raw: string, previous: ReadonlyArray<string> | undefined): ReadonlyArray<string> => [
  ...(previous ?? []),
  ...raw
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter((part) => part !== ""),
]

const day = (raw: string): Date => {
  const text = raw.trim()
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text)
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(date.getTime()))
    throw new InvalidArgumentError("Give a date like 2026-03-31 (or a full ISO timestamp).")
  return date
}

const dateValue = (command: Command, name: string): Date | undefined => {
  const value: unknown = command.getOptionValue(name)
  return value instanceof Date ? value : undefined
}

export const addFilterFlags = (command: Command): Command =>
  command
    .option(
      "--status <statuses>",
      `only these statuses, comma-separated or repeated (${statuses.join(", ")})`,
      collectStatuses,
    )
    .option("--ticker <symbol>", "only reports about this ticker")
    .option("--sector <sector>", "only this sector (its exact name)")
    .addOption(new Option("--type <type>", "only this type").choices(types))
    .option("--author <author>", "only reports by this author (email, name or id)")
    .option("--from <date>", "updated (or, with --sort -publishedAt, published) on or after this day", day)
    .option("--to <date>", "… on or before this day", day)
    .addOption(
      new Option(
        "--sort <order>",
        "newest update first (default), newest publication first, or by title",
      ).choices(sorts),
    )
    .option("--favorites", "only my favorites")

export const filters = (command: Command) => ({
  url: stringFlag(command, "url"),
  status: command.getOptionValue("status") as ReadonlyArray<Status> | undefined,
  ticker: stringFlag(command, "ticker")?.trim(),
  sector: stringFlag(command, "sector")?.trim(),
  type: choiceFlag(command, "type", types),
  author: stringFlag(command, "author")?.trim(),
  from: dateValue(command, "from"),
  to: dateValue(command, "to"),
  sort: choiceFlag(command, "sort", sorts),
  favorites: booleanFlag(command, "favorites"),
})
export type ReportFilters = ReturnType<typeof filters>

export const addFieldFlags = (command: Command, verb: "create" | "update"): Command =>
  command
    .option(
      "--file <report.md>",
      "a Markdown file with YAML front matter (the import format); flags win over it",
    )
    .option("--body-stdin", "read the Markdown body from stdin")
    .option("--title <title>", "3–200 characters")
    .option("--summary <text>", "at most 1,000 characters")
    .addOption(
      new Option("--type <type>", verb === "create" ? "the type (default note)" : "the type").choices(types),
    )
    .option("--sector <sector>", "the sector")
    .option("--ticker <symbols>", "a ticker symbol; repeat or comma-separate for several", collectList)
    .option("--author <email>", "an author (publisher staff); repeat for several (default: you)", collectList)
    // Audience entries may contain commas in team names, so only repeating the flag adds one.
    .option(
      "--audience <entry>",
      "all, company-slug or company-slug/Team name, optionally +24h for an embargo; repeat for several",
      collectEach,
    )
    .option("--tag <tag>", "a tag; repeat or comma-separate for several", collectList)
    .option("--channel <channel>", "a channel; repeat or comma-separate for several", collectList)
    .addOption(
      new Option("--rating <rating>", "the rating this report sets (none clears it)").choices(ratings),
    )
    .option("--target-price <price>", "the target price this report sets (none clears it)")
    .option("--target-currency <code>", "the target price's currency, e.g. USD")
    .option("--external-id <id>", "your own id for the report (unique; what imports match on)")

export const fieldFlags = (command: Command) => ({
  url: stringFlag(command, "url"),
  file: stringFlag(command, "file"),
  bodyStdin: booleanFlag(command, "bodyStdin"),
  externalId: stringFlag(command, "externalId"),
  title: stringFlag(command, "title"),
  summary: stringFlag(command, "summary"),
  type: choiceFlag(command, "type", types),
  sector: stringFlag(command, "sector"),
  tickers: listFlag(command, "ticker"),
  tags: listFlag(command, "tag"),
  channels: listFlag(command, "channel"),
  authors: listFlag(command, "author"),
  audience: listFlag(command, "audience"),
  rating: choiceFlag(command, "rating", ratings),
  targetPrice: stringFlag(command, "targetPrice"),
  targetCurrency: stringFlag(command, "targetCurrency"),
})
