import { SignInPayload } from "@folio/core"
import { Either, ParseResult, Schema } from "effect"

export type SignInField = "email" | "password"
export type FieldErrors = Partial<Record<SignInField, string>>

const decode = Schema.decodeUnknownEither(SignInPayload, { errors: "all" })

const isField = (key: unknown): key is SignInField => key === "email" || key === "password"

/** Turns issues (core's schema, or the server's ValidationError) into one message per form field. */
export const fieldErrorsFrom = (
  issues: ReadonlyArray<{ readonly path: ReadonlyArray<PropertyKey>; readonly message: string }>,
): FieldErrors => {
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const field = issue.path[0]
    if (isField(field) && errors[field] === undefined) errors[field] = issue.message
  }
  return errors
}

/** Validates the form with the same schema the server decodes the request with. */
export const validateSignIn = (
  input: Record<SignInField, string>,
): Either.Either<SignInPayload, FieldErrors> =>
  decode(input).pipe(
    Either.mapLeft((error) => fieldErrorsFrom(ParseResult.ArrayFormatter.formatErrorSync(error))),
  )
