import { type Command, InvalidArgumentError } from "commander"
import { detectOutput, type Output } from "./ui/output.js"
import { renderFailure } from "./ui/render.js"

/**
 * What every command shares: the common flags, typed reads of parsed flags, and the action
 * wrapper that picks the output mode, prints failures and sets the exit code. Kept free of
 * Effect and Ink so that `folio --version` and `--help` load neither.
 */

export const addJsonFlag = (command: Command): Command =>
  command.option("--json", "print exactly one JSON document on stdout instead of text")

export const addUrlFlag = (command: Command): Command =>
  command.option(
    "--url <url>",
    "Folio server URL (default: $FOLIO_URL, else the logged-in server, else http://127.0.0.1:3000)",
  )

export const stringFlag = (command: Command, name: string): string | undefined => {
  const value: unknown = command.getOptionValue(name)
  return typeof value === "string" ? value : undefined
}

export const booleanFlag = (command: Command, name: string): boolean => command.getOptionValue(name) === true

export const numberFlag = (command: Command, name: string): number | undefined => {
  const value: unknown = command.getOptionValue(name)
  return typeof value === "number" ? value : undefined
}

/** A flag whose value commander has checked against `choices`. */
export const choiceFlag = <A extends string>(
  command: Command,
  name: string,
  choices: ReadonlyArray<A>,
): A | undefined => {
  const value = stringFlag(command, name)
  return choices.find((choice) => choice === value)
}

/** A repeatable flag's values, as commander collected them (see `collectEach` and `collectChoices`). */
export const listFlag = (command: Command, name: string): ReadonlyArray<string> | undefined => {
  const value: unknown = command.getOptionValue(name)
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : undefined
}

/** Commander collector for a repeatable flag whose value may hold commas: each use adds one value. */
export const collectEach = (
  raw: string,
  previous: ReadonlyArray<string> | undefined,
): ReadonlyArray<string> => [...(previous ?? []), raw]

/**
 * Commander collector for `--flag a,b` or a repeated flag: each part (trimmed, lower-cased, then
 * `normalize`d) checked against `choices`, so a typo is a usage error naming the `what`.
 */
export const collectChoices =
  <A extends string>(
    choices: ReadonlyArray<A>,
    what: string,
    normalize: (part: string) => string = (part) => part,
  ) =>
  (raw: string, previous: ReadonlyArray<A> | undefined): ReadonlyArray<A> => {
    const next: Array<A> = [...(previous ?? [])]
    for (const part of raw.split(",").map((text) => normalize(text.trim().toLowerCase()))) {
      if (part === "") continue
      const choice = choices.find((candidate) => candidate === part)
      if (choice === undefined)
        throw new InvalidArgumentError(`"${part}" is not a ${what}: use ${choices.join(", ")}.`)
      if (!next.includes(choice)) next.push(choice)
    }
    return next
  }

/** Commander argument parser: a whole number between min and max. */
export const integerIn =
  (min: number, max: number) =>
  (raw: string): number => {
    const value = Number(raw)
    if (!/^\s*\d+\s*$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max)
      throw new InvalidArgumentError(`Give a whole number from ${min} to ${max}.`)
    return value
  }

/** `--limit`, `--cursor` and `--all` for the commands that list a keyset-paged collection. */
export const addPagingFlags = (command: Command, items: string): Command =>
  command
    .option(
      "--limit <n>",
      `${items} per page, 1–200 (default 50; with --all, 200 per request)`,
      integerIn(1, 200),
    )
    .option("--cursor <cursor>", "start after this cursor (the nextCursor of the previous page)")
    .option("--all", `follow the cursors and print every ${items.replace(/s$/, "")}`)

/** The values of the flags `addPagingFlags` adds, as the list services take them. */
export const pagingFlags = (command: Command) => ({
  limit: numberFlag(command, "limit"),
  cursor: stringFlag(command, "cursor")?.trim(),
  all: booleanFlag(command, "all"),
})

/** Appends an "Examples:" section to a command's --help. */
export const addExamples = (command: Command, examples: ReadonlyArray<readonly [string, string]>): Command =>
  command.addHelpText(
    "after",
    `\nExamples:\n${examples.map(([line, what]) => (what === "" ? `  $ ${line}` : `  $ ${line}\n      ${what}`)).join("\n")}\n`,
  )

/**
 * Runs a command body. The body returns its exit code (0 when everything succeeded); a thrown
 * CliError becomes one line on stderr (and an `{ ok: false }` document with --json).
 */
export const action =
  (body: (command: Command, out: Output) => Promise<number>) =>
  async (...args: ReadonlyArray<unknown>): Promise<void> => {
    // Commander passes the positional arguments, then the options, then the command itself.
    const command = args.at(-1) as Command
    const out = detectOutput({ json: booleanFlag(command, "json") })
    try {
      process.exitCode = await body(command, out)
    } catch (error) {
      process.exitCode = renderFailure(error, out)
    }
  }
