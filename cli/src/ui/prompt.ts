import { CliError } from "../cliError.js"
import type { Output } from "./output.js"

/**
 * Asks for a secret without echoing it. Prompts need a person at a terminal: without one this
 * refuses and names the flag to use instead, rather than hanging on a pipe.
 */
export const promptPassword = async (
  options: {
    readonly label: string
    readonly instead: string
    /** What the secret is called in messages: "password" unless told. */
    readonly secret?: string
  },
  out: Output,
): Promise<string> => {
  if (process.stdin.isTTY !== true || process.stderr.isTTY !== true)
    throw new CliError({
      code: "NoTerminal",
      message: `Cannot ask for ${options.secret === undefined ? "a password" : `the ${options.secret}`}: there is no terminal to type it in.`,
      hint: options.instead,
    })
  const { askPassword } = await import("./PasswordPrompt.js")
  return askPassword(options.label, out, `Enter your ${options.secret ?? "password"}`)
}
