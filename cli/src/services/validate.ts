import { Effect, ParseResult, Schema } from "effect"
import { CliError } from "../cliError.js"

const withStop = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`)

/**
 * Checks what the user typed against the payload schema the server will check it against, so
 * a bad value fails before any request, in the same words, with the flag named: `--slug: Slug
 * may contain only …`. (The typed client would refuse to encode it anyway, less clearly.)
 */
export const decodeInput = <A, I>(
  schema: Schema.Schema<A, I>,
  input: I,
  flags: Readonly<Record<string, string>>,
): Effect.Effect<A, CliError> =>
  Schema.decodeUnknown(schema, { errors: "all" })(input).pipe(
    Effect.mapError((error) => {
      const lines = ParseResult.ArrayFormatter.formatErrorSync(error).map((issue) => {
        const flag = flags[String(issue.path[0] ?? "")]
        return flag === undefined ? issue.message : `${flag}: ${issue.message}`
      })
      return new CliError({ code: "ValidationError", message: withStop([...new Set(lines)].join("; ")) })
    }),
  )
