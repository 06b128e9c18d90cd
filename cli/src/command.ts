import type { Command } from "commander"
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

/** Appends an "Examples:" section to a command's --help. */
export const addExamples = (command: Command, examples: ReadonlyArray<readonly [string, string]>): Command =>
  command.addHelpText(
    "after",
    `\nExamples:\n${examples.map(([line, what]) => `  $ ${line}\n      ${what}`).join("\n")}\n`,
  )

/**
 * Runs a command body. The body returns its exit code (0 when everything succeeded); a thrown
 * CliError becomes one line on stderr (and an `{ ok: false }` document with --json).
 */
export const action =
  (body: (command: Command, out: Output) => Promise<number>) =>
  async (_options: unknown, command: Command): Promise<void> => {
    const out = detectOutput({ json: booleanFlag(command, "json") })
    try {
      process.exitCode = await body(command, out)
    } catch (error) {
      process.exitCode = renderFailure(error, out)
    }
  }
