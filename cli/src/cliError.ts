/**
 * A failure the user can act on: printed as one line (plus an optional hint) on stderr, never
 * with a stack trace. Kept free of Effect and Ink so the entry point can catch it cheaply.
 */
export class CliError extends Error {
  override readonly name = "CliError"
  readonly code: string
  readonly hint: string | undefined
  readonly exitCode: number

  constructor(options: { code: string; message: string; hint?: string | undefined; exitCode?: number }) {
    super(options.message)
    this.code = options.code
    this.hint = options.hint
    this.exitCode = options.exitCode ?? 1
  }
}
