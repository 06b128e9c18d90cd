import type { NotificationPreferences, Profile } from "@folio/core"
import { Alert, Stack, Switch } from "@mantine/core"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { profileKeys, updateProfile } from "../../../../api/profile"
import { AlertIcon } from "../../../../components/icons"
import { describeError } from "../../../../errors/describeError"
import { Section } from "./Section"

const preferences: ReadonlyArray<{
  readonly key: keyof NotificationPreferences
  readonly label: string
  readonly description: string
}> = [
  {
    key: "reportPublished",
    label: "New reports",
    description: "Email me when a report I can read is published.",
  },
  {
    key: "weeklyDigest",
    label: "Weekly digest",
    description: "A summary of the week's research, on Mondays.",
  },
  {
    key: "newSignIn",
    label: "New sign-ins",
    description: "Email me when my account is signed in to from a new device.",
  },
]

/** Each switch saves at once; the switch shows the saved state, not a hope. */
export const NotificationsSection = ({ profile }: { readonly profile: Profile }) => {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: (notifications: NotificationPreferences) => updateProfile({ notifications }),
    onSuccess: (next) => queryClient.setQueryData(profileKeys.me(), next),
  })
  const current =
    mutation.isPending && mutation.variables !== undefined ? mutation.variables : profile.notifications
  return (
    <Section title="Email notifications" description="Changes are saved as you make them.">
      <Stack gap="md">
        {mutation.error !== null && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" title="Could not save">
            {describeError(mutation.error, window.location.host).text}
          </Alert>
        )}
        {preferences.map((preference) => (
          <Switch
            key={preference.key}
            label={preference.label}
            description={preference.description}
            checked={current[preference.key]}
            disabled={mutation.isPending}
            onChange={(event) =>
              mutation.mutate({ ...profile.notifications, [preference.key]: event.currentTarget.checked })
            }
          />
        ))}
      </Stack>
    </Section>
  )
}
