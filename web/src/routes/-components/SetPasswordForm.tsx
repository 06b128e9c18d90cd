import { type LinkInfo, passwordProblem, Unauthorized } from "@folio/core"
import { Alert, Button, PasswordInput, Stack } from "@mantine/core"
import { useMutation } from "@tanstack/react-query"
import { type FormEvent, useRef, useState } from "react"
import { AlertIcon } from "../../components/icons"
import { cooldownLabel, type FieldErrorsOf, formFailureOf, useCooldown } from "./formFailure"

type Field = "password" | "confirm"
const fieldNames: ReadonlyArray<Field> = ["password", "confirm"]

/**
 * A new password and its confirmation, checked with core's rule (length, not the email or
 * name) before the server checks it again. `onLinkDead` is called when the link stopped
 * working meanwhile (used in another tab, expired while the form was open).
 */
export const SetPasswordForm = ({
  info,
  submitLabel,
  save,
  onSaved,
  onLinkDead,
}: {
  readonly info: LinkInfo
  readonly submitLabel: string
  readonly save: (password: string) => Promise<void>
  readonly onSaved: () => Promise<void>
  readonly onLinkDead: () => Promise<void>
}) => {
  const [values, setValues] = useState<Record<Field, string>>({ password: "", confirm: "" })
  const [fieldErrors, setFieldErrors] = useState<FieldErrorsOf<Field>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const cooldown = useCooldown()
  const inputs = { password: useRef<HTMLInputElement>(null), confirm: useRef<HTMLInputElement>(null) }

  const focusFirst = (errors: FieldErrorsOf<Field>) => {
    const first = fieldNames.find((field) => errors[field] !== undefined)
    if (first !== undefined) inputs[first].current?.focus()
  }

  const mutation = useMutation({
    mutationFn: save,
    onSuccess: onSaved,
    onError: async (error) => {
      if (error instanceof Unauthorized) return onLinkDead()
      const failure = formFailureOf(error, fieldNames)
      setFieldErrors(failure.fields)
      setFormError(failure.form)
      if (failure.retryAfterSeconds !== null) cooldown.start(failure.retryAfterSeconds)
      focusFirst(failure.fields)
    },
  })

  const update = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value
    setValues((current) => ({ ...current, [field]: value }))
    setFieldErrors((current) => ({ ...current, [field]: undefined }))
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFormError(null)
    const errors: FieldErrorsOf<Field> = {}
    const problem = passwordProblem(values.password, info)
    if (problem !== undefined) errors.password = problem
    else if (values.confirm !== values.password) {
      errors.confirm = values.confirm === "" ? "Type the password again" : "The passwords do not match"
    }
    setFieldErrors(errors)
    if (Object.keys(errors).length > 0) return focusFirst(errors)
    mutation.mutate(values.password)
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Choose a password">
      <Stack gap="md">
        {formError !== null && (
          <Alert
            color="red"
            variant="light"
            icon={<AlertIcon />}
            role="alert"
            title="Could not set the password"
          >
            {formError}
          </Alert>
        )}
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="email" autoComplete="username" value={info.email} readOnly hidden />
        <PasswordInput
          ref={inputs.password}
          label="New password"
          description="At least 12 characters. Not your name or email address."
          name="new-password"
          autoComplete="new-password"
          required
          withAsterisk={false}
          value={values.password}
          onChange={update("password")}
          error={fieldErrors.password}
          data-autofocus
          autoFocus
        />
        <PasswordInput
          ref={inputs.confirm}
          label="Confirm new password"
          name="confirm-password"
          autoComplete="new-password"
          required
          withAsterisk={false}
          value={values.confirm}
          onChange={update("confirm")}
          error={fieldErrors.confirm}
        />
        <Button type="submit" fullWidth loading={mutation.isPending} disabled={cooldown.secondsLeft > 0}>
          {cooldown.secondsLeft > 0 ? cooldownLabel(cooldown.secondsLeft) : submitLabel}
        </Button>
      </Stack>
    </form>
  )
}
