import { writeFile } from "node:fs/promises"
import { type ImportIssue, issuesCsv } from "@folio/core"
import { CliError } from "../cliError.js"
import type { Output } from "./output.js"
import { paint } from "./style.js"
import { visible } from "./terminalText.js"

/** `reports.csv:17: tickers: Unknown ticker ZZZ` — the place first, so editors can jump to it. */
export const issueLine = (issue: ImportIssue): string =>
  issue.field.startsWith("(")
    ? `${issue.file}:${issue.line}: ${issue.message}`
    : `${issue.file}:${issue.line}: ${issue.field}: ${issue.message}`

/** Beyond this many, the terminal shows a count and points at --errors-out. */
export const shownIssues = 100

/** The problems of an import on stderr, the first hundred in full. */
export const renderIssues = (
  issues: ReadonlyArray<ImportIssue>,
  out: Output,
  errorsOut: string | undefined,
): void => {
  if (out.json || issues.length === 0) return
  const lines = issues.slice(0, shownIssues).map(issueLine)
  if (issues.length > shownIssues)
    lines.push(
      `… and ${(issues.length - shownIssues).toLocaleString("en-US")} more${errorsOut === undefined ? " (pass --errors-out FILE to get them all as CSV)" : ""}.`,
    )
  process.stderr.write(lines.map((line) => `${paint(out.colorStderr, "red", visible(line))}\n`).join(""))
}

export { issuesCsv }

/** Writes `--errors-out`, also when there were no problems (a header alone), so scripts can rely on it. */
export const writeIssuesCsv = async (path: string, issues: ReadonlyArray<ImportIssue>): Promise<void> => {
  try {
    await writeFile(path, issuesCsv(issues), "utf8")
  } catch (error) {
    throw new CliError({
      code: "WriteError",
      message: `Cannot write --errors-out ${path}: ${error instanceof Error ? error.message : String(error)}.`,
    })
  }
}
