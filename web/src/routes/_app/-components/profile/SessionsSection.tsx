import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core"
import { useDisclosure } from "@mantine/hooks"
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import {
  profileKeys,
  revokeOtherSessions,
  revokeSession,
  sessionsQueryOptions,
} from "../../../../api/profile"
import { AlertIcon } from "../../../../components/icons"
import { describeError } from "../../../../errors/describeError"
import { SessionList } from "../sessions/SessionList"
import { Section } from "./Section"

export const SessionsSection = () => {
  const queryClient = useQueryClient()
  const { data: sessions } = useSuspenseQuery(sessionsQueryOptions())
  const [confirming, confirm] = useDisclosure(false)
  const others = sessions.filter((session) => !session.current)
  const refresh = () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions() })

  const one = useMutation({ mutationFn: revokeSession, onSettled: refresh })
  const rest = useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: async () => {
      await refresh()
      confirm.close()
    },
  })
  const error = one.error ?? rest.error
  return (
    <Section
      title="Where you are signed in"
      description="Browsers and CLI logins on your account. Sign out any you do not recognise."
    >
      <Stack gap="sm">
        {error !== null && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" title="Could not sign out">
            {describeError(error, window.location.host).text}
          </Alert>
        )}
        <SessionList
          sessions={sessions}
          onRevoke={(sessionId) => one.mutate(sessionId)}
          revoking={one.isPending ? one.variables : undefined}
        />
        {others.length === 0 ? (
          <Text c="dimmed" fz="sm">
            You are not signed in anywhere else.
          </Text>
        ) : (
          <Group>
            <Button variant="default" color="red" onClick={confirm.open}>
              Sign out everywhere else
            </Button>
          </Group>
        )}
      </Stack>
      <Modal opened={confirming} onClose={confirm.close} title="Sign out everywhere else?" centered>
        <Stack gap="md">
          <Text fz="sm">
            {others.length === 1 ? "1 other session" : `${others.length} other sessions`} will be signed out,
            including CLI logins. This device stays signed in.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={confirm.close} data-autofocus>
              Cancel
            </Button>
            <Button color="red" loading={rest.isPending} onClick={() => rest.mutate()}>
              Sign out others
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  )
}
