import { CliError } from "./cliError.js"

/** Reads a secret piped on stdin (`--password-stdin`), without its trailing newline. */
export const readSecretFromStdin = async (flag: string): Promise<string> => {
  if (process.stdin.isTTY === true)
    throw new CliError({
      code: "UsageError",
      message: `${flag} reads a piped secret, but stdin is a terminal.`,
      hint: `Pipe it in (printf '%s' "$SECRET" | folio …), or leave out ${flag} to be asked for it.`,
      exitCode: 2,
    })
  const chunks: Array<Buffer> = []
  for await (const chunk of process.stdin)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)))
  const secret = Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "")
  if (secret.length === 0)
    throw new CliError({ code: "UsageError", message: `${flag}: nothing was piped on stdin.`, exitCode: 2 })
  return secret
}

/** Reads text piped on stdin (a report body), as it is. */
export const readTextFromStdin = async (flag: string): Promise<string> => {
  if (process.stdin.isTTY === true)
    throw new CliError({
      code: "UsageError",
      message: `${flag} reads piped text, but stdin is a terminal.`,
      hint: `Pipe it in (folio … ${flag} < body.md).`,
      exitCode: 2,
    })
  const chunks: Array<Buffer> = []
  for await (const chunk of process.stdin)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)))
  return Buffer.concat(chunks).toString("utf8")
}
