import { CliError } from "../cliError.js"
import type { Output } from "./output.js"
import { paint } from "./style.js"
import { visible, visibleText } from "./terminalText.js"

/** The one JSON document a `--json` command prints on stdout. */
export const renderJson = (value: unknown): void => {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`)
}

/*
 * Every function here prints text that may hold the server's words (a title, a name, an error
 * message), so each makes control characters visible (terminalText.ts) before adding colour of
 * its own. Callers pass plain text, never text they have already painted.
 */

/** Plain result lines on stdout (piped output, or results too simple for Ink). */
export const renderLines = (lines: ReadonlyArray<string>): void => {
  process.stdout.write(lines.map((line) => `${visible(line)}\n`).join(""))
}

/** Blocks of deliberately multi-line text on stdout (a report's summary and body): line breaks stay. */
export const renderText = (blocks: ReadonlyArray<string>): void => {
  process.stdout.write(blocks.map((block) => `${visibleText(block)}\n`).join(""))
}

/** A one-line result on stdout, ticked (or crossed) in a terminal. */
export const renderOutcome = (ok: boolean, text: string, out: Output): void => {
  const line = visible(text)
  process.stdout.write(
    `${out.rich ? `${paint(out.colorStdout, ok ? "green" : "red", ok ? "✓" : "✗")} ${line}` : line}\n`,
  )
}

/** A finished action's one-line result on stdout, ticked in a terminal. */
export const renderDone = (text: string, out: Output): void => renderOutcome(true, text, out)

/** The same line on stderr, for commands whose stdout carries something else (a secret). */
export const renderDoneNote = (text: string, out: Output): void => {
  if (out.json) return
  process.stderr.write(
    `${out.interactive ? `${paint(out.colorStderr, "green", "✓")} ` : ""}${visible(text)}\n`,
  )
}

/** A side remark for people (progress, what was saved where): stderr, so pipes stay clean. */
export const renderNote = (text: string, out: Output): void => {
  if (out.json) return
  process.stderr.write(`${paint(out.colorStderr, "dim", visible(text))}\n`)
}

export const renderWarning = (text: string, out: Output): void => {
  process.stderr.write(`${paint(out.colorStderr, "yellow", `Warning: ${visible(text)}`)}\n`)
}

/** One problem line on stderr, e.g. why `doctor` failed or the server's message for a refusal. */
export const renderProblem = (text: string, out: Output): void => {
  process.stderr.write(`${paint(out.colorStderr, "red", visible(text))}\n`)
}

export const failureLine = (error: CliError): string =>
  error.hint ? `${error.message} ${error.hint}` : error.message

/**
 * Prints a failed command: one line on stderr and, with `--json`, an `{ ok: false }` document on
 * stdout. User errors never show a stack; unexpected ones do only with FOLIO_DEBUG=1.
 * Returns the exit code.
 */
export const renderFailure = (error: unknown, out: Output): number => {
  if (error instanceof CliError) {
    const line = failureLine(error)
    renderProblem(line, out)
    if (out.json) renderJson({ ok: false, error: { code: error.code, message: line } })
    return error.exitCode
  }
  const message = error instanceof Error ? error.message : String(error)
  const debug = Boolean(process.env.FOLIO_DEBUG)
  renderProblem(
    `Unexpected error: ${message}${debug ? "" : " (set FOLIO_DEBUG=1 for details, and please report it)"}`,
    out,
  )
  if (debug && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`)
  if (out.json) renderJson({ ok: false, error: { code: "Unexpected", message } })
  return 1
}
