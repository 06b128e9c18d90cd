import { ConsumeMagicLink, type Me } from "@folio/core"
import { Alert, Button, Stack, TextInput } from "@mantine/core"
import { useMutation } from "@tanstack/react-query"
import { Either, ParseResult, Schema } from "effect"
import { type FormEvent, useRef, useState } from "react"
import { consumeMagicLink } from "../../api/authLinks"
import { AlertIcon } from "../../components/icons"
import { cooldownLabel, type FieldErrorsOf, fieldMessages, formFailureOf, useCooldown } from "./formFailure"

type Field = "email" | "code"
const fieldNames: ReadonlyArray<Field> = ["email", "code"]

/** The `{ email, code }` member of core's payload: the form checks what the server will check. */
const decodeCodePayload = Schema.decodeUnknownEither(ConsumeMagicLink.members[1], { errors: "all" })

/**
 * Signs in with the 6-digit code from a sign-in email. With `email` given (the sign-in page just
 * sent the link) only the code is asked for; otherwise the email too.
 */
export const CodeSignInForm = ({
  email: knownEmail,
  onSignedIn,
}: {
  readonly email?: string | undefined
  readonly onSignedIn: (me: Me) => Promise<void>
}) => {
  const [values, setValues] = useState<Record<Field, string>>({ email: knownEmail ?? "", code: "" })
  const [fieldErrors, setFieldErrors] = useState<FieldErrorsOf<Field>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const cooldown = useCooldown()
  const inputs = { email: useRef<HTMLInputElement>(null), code: useRef<HTMLInputElement>(null) }

  const focusFirst = (errors: FieldErrorsOf<Field>) => {
    const first = fieldNames.find((field) => errors[field] !== undefined)
    if (first !== undefined) inputs[first].current?.focus()
  }

  const mutation = useMutation({
    mutationFn: consumeMagicLink,
    onSuccess: onSignedIn,
    onError: (error) => {
      const failure = formFailureOf(error, fieldNames)
      setFieldErrors(failure.fields)
      setFormError(failure.form)
      if (failure.retryAfterSeconds !== null) cooldown.start(failure.retryAfterSeconds)
      // A wrong code: select it, so typing the right one replaces it.
      if (failure.form !== null) inputs.code.current?.select()
      focusFirst(failure.fields)
    },
  })

  const update = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value =
      field === "code" ? event.currentTarget.value.replace(/\D/g, "").slice(0, 6) : event.currentTarget.value
    setValues((current) => ({ ...current, [field]: value }))
    setFieldErrors((current) => ({ ...current, [field]: undefined }))
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFormError(null)
    Either.match(decodeCodePayload(values), {
      onLeft: (error) => {
        const errors = fieldMessages(ParseResult.ArrayFormatter.formatErrorSync(error), fieldNames)
        setFieldErrors(errors)
        focusFirst(errors)
      },
      onRight: (payload) => {
        setFieldErrors({})
        mutation.mutate(payload)
      },
    })
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in with a code">
      <Stack gap="md">
        {formError !== null && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" title="Could not sign in">
            {formError}
          </Alert>
        )}
        {knownEmail === undefined && (
          <TextInput
            ref={inputs.email}
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            placeholder="name@example.com"
            required
            withAsterisk={false}
            value={values.email}
            onChange={update("email")}
            error={fieldErrors.email}
          />
        )}
        <TextInput
          ref={inputs.code}
          label="6-digit code"
          description="From the same email as the link."
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          placeholder="123456"
          maxLength={6}
          required
          withAsterisk={false}
          value={values.code}
          onChange={update("code")}
          error={fieldErrors.code}
          styles={{ input: { letterSpacing: "0.3em", fontVariantNumeric: "tabular-nums" } }}
          data-autofocus
          autoFocus={knownEmail !== undefined}
        />
        <Button type="submit" fullWidth loading={mutation.isPending} disabled={cooldown.secondsLeft > 0}>
          {cooldown.secondsLeft > 0 ? cooldownLabel(cooldown.secondsLeft) : "Sign in with code"}
        </Button>
      </Stack>
    </form>
  )
}
