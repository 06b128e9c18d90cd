import { HttpApiError } from "@effect/platform"
import { RateLimited, ValidationError } from "@folio/core"
import { useEffect, useState } from "react"
import { describeError } from "../../errors/describeError"

/** One message per field; `undefined` once the user edits the field. */
export type FieldErrorsOf<F extends string> = { [K in F]?: string | undefined }

export interface FormFailure<F extends string> {
  /** One message per field the server (or core's schema) named. */
  readonly fields: FieldErrorsOf<F>
  /** A message for the whole form, in the server's words; null when the fields say it all. */
  readonly form: string | null
  /** Set when the server answered 429: how long until it accepts this form again. */
  readonly retryAfterSeconds: number | null
}

type Issue = { readonly path: ReadonlyArray<PropertyKey>; readonly message: string }

/** Issues (core's schema, or the server's ValidationError) as one message per known field. */
export const fieldMessages = <F extends string>(
  issues: ReadonlyArray<Issue>,
  known: ReadonlyArray<F>,
): FieldErrorsOf<F> => {
  const fields: FieldErrorsOf<F> = {}
  for (const issue of issues) {
    const field = known.find((name) => name === issue.path[0])
    if (field !== undefined && fields[field] === undefined) fields[field] = issue.message
  }
  return fields
}

/** What a failed form submission tells the user: field errors, the server's message, the wait. */
export const formFailureOf = <F extends string>(error: unknown, known: ReadonlyArray<F>): FormFailure<F> => {
  if (error instanceof ValidationError || error instanceof HttpApiError.HttpApiDecodeError) {
    const fields = fieldMessages(error.issues, known)
    return { fields, form: Object.keys(fields).length > 0 ? null : error.message, retryAfterSeconds: null }
  }
  if (error instanceof RateLimited) {
    return { fields: {}, form: error.message, retryAfterSeconds: Math.max(1, error.retryAfterSeconds) }
  }
  return { fields: {}, form: describeError(error, window.location.host).text, retryAfterSeconds: null }
}

/**
 * After a 429 the form waits as long as the server asked: `secondsLeft` counts down to 0, and
 * the submit button says so instead of inviting another refused attempt.
 */
export const useCooldown = () => {
  const [until, setUntil] = useState<number | null>(null)
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (until === null) return
    const timer = window.setInterval(() => {
      const at = Date.now()
      setNow(at)
      if (at >= until) setUntil(null)
    }, 1000)
    return () => window.clearInterval(timer)
  }, [until])
  const secondsLeft = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000))
  return {
    secondsLeft,
    start: (seconds: number) => {
      const at = Date.now()
      setNow(at)
      setUntil(at + seconds * 1000)
    },
  } as const
}

/** "Try again in 42 s" on a button that the server's rate limit holds back. */
export const cooldownLabel = (secondsLeft: number): string =>
  secondsLeft >= 120 ? `Try again in ${Math.ceil(secondsLeft / 60)} min` : `Try again in ${secondsLeft} s`
