/**
 * Where and how a command may write. Results go to stdout, everything else (progress, warnings,
 * errors) to stderr. Ink draws only when stdout is a terminal; `--json` always wins.
 */
export interface Output {
  readonly json: boolean
  /** Draw results with Ink (stdout is a terminal and --json is off). */
  readonly rich: boolean
  /** Progress and prompts may animate on stderr. */
  readonly interactive: boolean
  readonly colorStdout: boolean
  readonly colorStderr: boolean
  readonly columns: number
}

// https://no-color.org: any non-empty NO_COLOR turns colour off.
const colorAllowed = (stream: NodeJS.WriteStream): boolean =>
  stream.isTTY === true && !process.env.NO_COLOR && process.env.TERM !== "dumb"

export const detectOutput = (options: { readonly json: boolean }): Output => ({
  json: options.json,
  rich: !options.json && process.stdout.isTTY === true,
  interactive: !options.json && process.stderr.isTTY === true,
  colorStdout: colorAllowed(process.stdout),
  colorStderr: colorAllowed(process.stderr),
  columns: process.stdout.columns ?? 80,
})
