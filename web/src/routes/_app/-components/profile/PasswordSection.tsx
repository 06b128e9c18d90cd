import { ChangePassword, type Profile, passwordProblem } from "@folio/core"
import { Alert, Anchor, Button, Group, PasswordInput, SimpleGrid, Stack, Text } from "@mantine/core"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { Either, ParseResult, Schema } from "effect"
import { type FormEvent, useState } from "react"
import { changePassword, profileKeys } from "../../../../api/profile"
import { AlertIcon, CheckIcon } from "../../../../components/icons"
import {
  cooldownLabel,
  type FieldErrorsOf,
  fieldMessages,
  formFailureOf,
  useCooldown,
} from "../../../-components/formFailure"
import { Section } from "./Section"

type Field = "currentPassword" | "newPassword" | "confirm"
const fieldNames: ReadonlyArray<Field> = ["currentPassword", "newPassword", "confirm"]
const decodeChange = Schema.decodeUnknownEither(ChangePassword, { errors: "all" })
const empty: Record<Field, string> = { currentPassword: "", newPassword: "", confirm: "" }

export const PasswordSection = ({ profile }: { readonly profile: Profile }) => {
  const queryClient = useQueryClient()
  const [values, setValues] = useState(empty)
  const [fieldErrors, setFieldErrors] = useState<FieldErrorsOf<Field>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [done, setDone] = useState<number | null>(null)
  const cooldown = useCooldown()

  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: async (revoked) => {
      setValues(empty)
      setDone(revoked)
      await queryClient.invalidateQueries({ queryKey: profileKeys.sessions() })
    },
    onError: (error) => {
      const failure = formFailureOf(error, fieldNames)
      setFieldErrors(failure.fields)
      setFormError(failure.form)
      if (failure.retryAfterSeconds !== null) cooldown.start(failure.retryAfterSeconds)
    },
  })

  if (!profile.hasPassword) {
    return (
      <Section title="Password">
        <Text fz="sm">
          Your account has no password: you sign in with email links or single sign-on. To set one, use{" "}
          <Anchor component={Link} to="/forgot-password" fz="sm">
            Forgot password
          </Anchor>
          .
        </Text>
      </Section>
    )
  }

  const update = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value
    setValues((current) => ({ ...current, [field]: value }))
    setFieldErrors((current) => ({ ...current, [field]: undefined }))
    setDone(null)
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFormError(null)
    setDone(null)
    const errors: FieldErrorsOf<Field> = Either.match(decodeChange(values), {
      onLeft: (error) => fieldMessages(ParseResult.ArrayFormatter.formatErrorSync(error), fieldNames),
      onRight: () => ({}),
    })
    const problem = passwordProblem(values.newPassword, profile.user)
    if (errors.newPassword === undefined && problem !== undefined) errors.newPassword = problem
    if (errors.newPassword === undefined && values.confirm !== values.newPassword) {
      errors.confirm = values.confirm === "" ? "Type the new password again" : "The passwords do not match"
    }
    setFieldErrors(errors)
    if (Object.values(errors).some((message) => message !== undefined)) return
    mutation.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword })
  }

  return (
    <Section title="Password" description="Changing it signs you out on every other device.">
      <form onSubmit={submit} noValidate aria-label="Change password">
        <Stack gap="md">
          {formError !== null && (
            <Alert
              color="red"
              variant="light"
              icon={<AlertIcon />}
              role="alert"
              title="Could not change the password"
            >
              {formError}
            </Alert>
          )}
          <input
            type="email"
            name="email"
            autoComplete="username"
            value={profile.user.email}
            readOnly
            hidden
          />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            maw={{ sm: "calc(50% - var(--mantine-spacing-md) / 2)" }}
            value={values.currentPassword}
            onChange={update("currentPassword")}
            error={fieldErrors.currentPassword}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: "end" }}>
            <PasswordInput
              label="New password"
              description="At least 12 characters. Not your name or email."
              autoComplete="new-password"
              required
              withAsterisk={false}
              value={values.newPassword}
              onChange={update("newPassword")}
              error={fieldErrors.newPassword}
            />
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              required
              withAsterisk={false}
              value={values.confirm}
              onChange={update("confirm")}
              error={fieldErrors.confirm}
            />
          </SimpleGrid>
          <Group gap="sm">
            <Button type="submit" loading={mutation.isPending} disabled={cooldown.secondsLeft > 0}>
              {cooldown.secondsLeft > 0 ? cooldownLabel(cooldown.secondsLeft) : "Change password"}
            </Button>
            {done !== null && (
              <Group gap={4} c="teal" role="status" wrap="nowrap">
                <CheckIcon size={16} />
                <Text fz="sm">
                  Password changed.{" "}
                  {done === 0
                    ? "No other device was signed in."
                    : `Signed out ${done === 1 ? "1 other session" : `${done} other sessions`}.`}
                </Text>
              </Group>
            )}
          </Group>
        </Stack>
      </form>
    </Section>
  )
}
