import { ChangePassword, type Profile } from "@folio/core"
import { Alert, Anchor, Button, Group, PasswordInput, SimpleGrid, Stack, Text } from "@mantine/core"
import { useForm } from "@mantine/form"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useRef, useState } from "react"
import { changePassword, profileKeys } from "../../../../api/profile"
import { AlertIcon, CheckIcon } from "../../../../components/icons"
import { cooldownLabel, formFailureOf, useCooldown } from "../../../-components/formFailure"
import { NewPasswordFields, newPasswordErrors } from "../../../-components/SetPasswordForm"
import { focusFirstInvalid, schemaValidator } from "../directory/forms"
import { Section } from "./Section"

const fieldNames = ["currentPassword", "newPassword", "confirm"] as const
type Values = Record<(typeof fieldNames)[number], string>
const empty: Values = { currentPassword: "", newPassword: "", confirm: "" }
const toInput = (values: Values): ChangePassword => ({
  currentPassword: values.currentPassword,
  newPassword: values.newPassword,
})
const checkChange = schemaValidator(ChangePassword, fieldNames, toInput)

export const PasswordSection = ({ profile }: { readonly profile: Profile }) => {
  const queryClient = useQueryClient()
  const element = useRef<HTMLFormElement>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [done, setDone] = useState<number | null>(null)
  const cooldown = useCooldown()
  // core's schema for the request first, then core's rule for a new password and the confirmation.
  const form = useForm<Values>({
    initialValues: empty,
    validate: (values) => {
      const errors = checkChange(values)
      if (errors.newPassword !== undefined) return errors
      const password = { password: values.newPassword, confirm: values.confirm }
      return { ...errors, ...newPasswordErrors("newPassword", password, profile.user) }
    },
    onValuesChange: () => setDone(null),
  })

  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: async (revoked) => {
      form.reset()
      setDone(revoked)
      await queryClient.invalidateQueries({ queryKey: profileKeys.sessions() })
    },
    onError: (error) => {
      const failure = formFailureOf(error, fieldNames)
      form.setErrors(failure.fields)
      setFormError(failure.form)
      if (failure.retryAfterSeconds !== null) cooldown.start(failure.retryAfterSeconds)
      focusFirstInvalid(element.current)
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

  const submit = form.onSubmit(
    (values) => {
      setFormError(null)
      setDone(null)
      mutation.mutate(toInput(values))
    },
    () => {
      setFormError(null)
      setDone(null)
      focusFirstInvalid(element.current)
    },
  )

  return (
    <Section title="Password" description="Changing it signs you out on every other device.">
      <form ref={element} onSubmit={submit} noValidate aria-label="Change password">
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
            {...form.getInputProps("currentPassword")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: "end" }}>
            <NewPasswordFields
              password={form.getInputProps("newPassword")}
              confirm={form.getInputProps("confirm")}
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
