import { type LinkInfo, passwordProblem, Unauthorized } from "@folio/core"
import { Alert, Button, PasswordInput, Stack } from "@mantine/core"
import { type FormErrors, type GetInputPropsReturnType, useForm } from "@mantine/form"
import { useMutation } from "@tanstack/react-query"
import { useRef, useState } from "react"
import { AlertIcon } from "../../components/icons"
import { focusFirstInvalid } from "../_app/-components/directory/forms"
import { cooldownLabel, formFailureOf, useCooldown } from "./formFailure"

/**
 * core's rule for a new password (length, not its owner's email or name), then its confirmation:
 * a message for the password field (named `field`) or else for `confirm`, as `@mantine/form` errors.
 */
export const newPasswordErrors = (
  field: string,
  values: { readonly password: string; readonly confirm: string },
  owner: { readonly email: string; readonly name: string },
): FormErrors => {
  const problem = passwordProblem(values.password, owner)
  if (problem !== undefined) return { [field]: problem }
  if (values.confirm !== values.password)
    return { confirm: values.confirm === "" ? "Type the new password again" : "The passwords do not match" }
  return {}
}

/** A new password and its confirmation (the form's `getInputProps` for each). */
export const NewPasswordFields = ({
  password,
  confirm,
  autoFocus = false,
}: {
  readonly password: GetInputPropsReturnType
  readonly confirm: GetInputPropsReturnType
  readonly autoFocus?: boolean
}) => (
  <>
    <PasswordInput
      label="New password"
      description="At least 12 characters. Not your name or email address."
      name="new-password"
      autoComplete="new-password"
      required
      withAsterisk={false}
      {...password}
      data-autofocus={autoFocus || undefined}
      autoFocus={autoFocus}
    />
    <PasswordInput
      label="Confirm new password"
      name="confirm-password"
      autoComplete="new-password"
      required
      withAsterisk={false}
      {...confirm}
    />
  </>
)

const fieldNames = ["password", "confirm"] as const

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
  const element = useRef<HTMLFormElement>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const cooldown = useCooldown()
  const form = useForm({
    initialValues: { password: "", confirm: "" },
    validate: (values) => newPasswordErrors("password", values, info),
  })

  const mutation = useMutation({
    mutationFn: save,
    onSuccess: onSaved,
    onError: async (error) => {
      if (error instanceof Unauthorized) return onLinkDead()
      const failure = formFailureOf(error, fieldNames)
      form.setErrors(failure.fields)
      setFormError(failure.form)
      if (failure.retryAfterSeconds !== null) cooldown.start(failure.retryAfterSeconds)
      focusFirstInvalid(element.current)
    },
  })

  const submit = form.onSubmit(
    (values) => {
      setFormError(null)
      mutation.mutate(values.password)
    },
    () => {
      setFormError(null)
      focusFirstInvalid(element.current)
    },
  )

  return (
    <form ref={element} onSubmit={submit} noValidate aria-label="Choose a password">
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
        <NewPasswordFields
          password={form.getInputProps("password")}
          confirm={form.getInputProps("confirm")}
          autoFocus
        />
        <Button type="submit" fullWidth loading={mutation.isPending} disabled={cooldown.secondsLeft > 0}>
          {cooldown.secondsLeft > 0 ? cooldownLabel(cooldown.secondsLeft) : submitLabel}
        </Button>
      </Stack>
    </form>
  )
}
