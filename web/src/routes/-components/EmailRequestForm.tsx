import { RequestLink } from "@folio/core"
import { Alert, Button, Stack, TextInput } from "@mantine/core"
import { useMutation } from "@tanstack/react-query"
import { Either, ParseResult, Schema } from "effect"
import { type FormEvent, type ReactNode, useRef, useState } from "react"
import { AlertIcon } from "../../components/icons"
import { cooldownLabel, fieldMessages, formFailureOf, useCooldown } from "./formFailure"

const decodeRequest = Schema.decodeUnknownEither(RequestLink, { errors: "all" })
const fieldNames = ["email"] as const

/**
 * One email field that asks the server to send something (a sign-in link, a reset link). The
 * server answers the same for every address; a 429 is shown as it is, never as a success.
 */
export const EmailRequestForm = ({
  label,
  initialEmail = "",
  submitLabel,
  failureTitle,
  request,
  onSent,
  children,
}: {
  readonly label: string
  readonly initialEmail?: string | undefined
  readonly submitLabel: string
  readonly failureTitle: string
  readonly request: (payload: RequestLink) => Promise<string>
  readonly onSent: (message: string, email: string) => void
  /** Shown between the field and the button. */
  readonly children?: ReactNode
}) => {
  const [email, setEmail] = useState(initialEmail)
  const [fieldError, setFieldError] = useState<string | undefined>(undefined)
  const [formError, setFormError] = useState<string | null>(null)
  const cooldown = useCooldown()
  const input = useRef<HTMLInputElement>(null)

  const mutation = useMutation({
    mutationFn: request,
    onSuccess: (message, payload) => onSent(message, payload.email),
    onError: (error) => {
      const failure = formFailureOf(error, fieldNames)
      setFieldError(failure.fields.email)
      setFormError(failure.form)
      if (failure.retryAfterSeconds !== null) cooldown.start(failure.retryAfterSeconds)
      if (failure.fields.email !== undefined) input.current?.focus()
    },
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFormError(null)
    Either.match(decodeRequest({ email }), {
      onLeft: (error) => {
        setFieldError(fieldMessages(ParseResult.ArrayFormatter.formatErrorSync(error), fieldNames).email)
        input.current?.focus()
      },
      onRight: (payload) => {
        setFieldError(undefined)
        mutation.mutate(payload)
      },
    })
  }

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="md">
        {formError !== null && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" title={failureTitle}>
            {formError}
          </Alert>
        )}
        <TextInput
          ref={input}
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="name@example.com"
          required
          withAsterisk={false}
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value)
            setFieldError(undefined)
          }}
          error={fieldError}
          data-autofocus
          autoFocus
        />
        {children}
        <Button type="submit" fullWidth loading={mutation.isPending} disabled={cooldown.secondsLeft > 0}>
          {cooldown.secondsLeft > 0 ? cooldownLabel(cooldown.secondsLeft) : submitLabel}
        </Button>
      </Stack>
    </form>
  )
}
