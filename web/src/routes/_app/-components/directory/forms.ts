import { HttpApiError } from "@effect/platform"
import { Conflict, NotFound, RateLimited, ValidationError } from "@folio/core"
import { type FormErrors as FieldErrorRecord, schemaResolver } from "@mantine/form"
import { Schema } from "effect"
import { describeError } from "../../../../errors/describeError"

export type FieldErrors<F extends string> = Partial<Record<F, string | undefined>>

/** Field errors for the form's own fields, and one message for the whole form (or none). */
export interface FormErrors<F extends string> {
  readonly fields: FieldErrors<F>
  readonly form: string | null
}

export const noFormErrors: FormErrors<never> = { fields: {}, form: null }

type Issue = { readonly path: ReadonlyArray<PropertyKey>; readonly message: string }

/** One message per field (the first issue wins); issues about other paths are returned apart. */
const split = <F extends string>(
  fields: ReadonlyArray<F>,
  issues: ReadonlyArray<Issue>,
): { fields: FieldErrors<F>; rest: ReadonlyArray<string> } => {
  const errors: FieldErrors<F> = {}
  const rest: Array<string> = []
  for (const issue of issues) {
    const head = issue.path[0]
    const field = fields.find((name) => name === head)
    if (field === undefined) rest.push(issue.message)
    else if (errors[field] === undefined) errors[field] = issue.message
  }
  return { fields: errors, rest }
}

/** Where a form's validator puts a message that concerns no field of the form. */
export const formErrorKey = ""

/**
 * core's schema as a `@mantine/form` validator (through Standard Schema): the values become the
 * request with `toInput` (trimmed, optional fields null, a patch of what changed), the schema
 * checks it as the server would, and each message lands on the field its path starts with, the
 * first one winning; a message about anything else goes under `formErrorKey`.
 */
export const schemaValidator = <A, I, F extends string, V>(
  schema: Schema.Schema<A, I>,
  fields: ReadonlyArray<F>,
  toInput: (values: V) => unknown,
): ((values: V) => FieldErrorRecord) => {
  const resolve = schemaResolver(Schema.standardSchemaV1(schema), { sync: true })
  return (values) => {
    const errors: FieldErrorRecord = {}
    for (const [path, message] of Object.entries(resolve(toInput(values)))) {
      const head = path.split(".")[0]
      const key = fields.find((name) => name === head) ?? formErrorKey
      if (errors[key] === undefined) errors[key] = message
    }
    return errors
  }
}

/**
 * What the server said, next to the field it concerns when it names one: a ValidationError's
 * issues, a 409 that `conflictField` places (its message names the value), or a form-wide message.
 */
export const serverFormErrors = <F extends string>(
  error: unknown,
  fields: ReadonlyArray<F>,
  conflictField?: (message: string) => F | undefined,
): FormErrors<F> => {
  if (error instanceof ValidationError || error instanceof HttpApiError.HttpApiDecodeError) {
    const { fields: errors, rest } = split(fields, error.issues)
    const form = Object.keys(errors).length > 0 ? (rest[0] ?? null) : (rest[0] ?? error.message)
    return { fields: errors, form }
  }
  if (error instanceof Conflict) {
    const field = conflictField?.(error.message)
    return field === undefined
      ? { fields: {}, form: error.message }
      : { fields: { [field]: error.message } as FieldErrors<F>, form: null }
  }
  if (error instanceof NotFound || error instanceof RateLimited) return { fields: {}, form: error.message }
  return { fields: {}, form: describeError(error, window.location.host).text }
}

/** The server's words for a failed action outside a form (a confirmation, a menu item). */
export const actionErrorText = (error: unknown): string => {
  if (error instanceof HttpApiError.HttpApiDecodeError) return error.message
  return describeError(error, window.location.host).text
}

/** A field marked invalid: most inputs say so with aria-invalid, PasswordInput only with data-invalid. */
const invalidField = '[aria-invalid="true"], input[data-invalid="true"]'

/**
 * Moves focus to the first field marked invalid once React has rendered the messages (an answer
 * from the server may render a few frames later than a local check).
 */
export const focusFirstInvalid = (form: HTMLFormElement | null, attempts = 10): void => {
  requestAnimationFrame(() => {
    const field = form?.querySelector<HTMLElement>(invalidField)
    if (field) field.focus()
    else if (attempts > 1) focusFirstInvalid(form, attempts - 1)
  })
}
