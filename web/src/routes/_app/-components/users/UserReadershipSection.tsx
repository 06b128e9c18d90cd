import type { UserSummary } from "@folio/core"
import { Alert, Button, Group, List, Stack, Text } from "@mantine/core"
import { useDisclosure } from "@mantine/hooks"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { eraseReadership, readershipKeys } from "../../../../api/readership"
import { CheckIcon } from "../../../../components/icons"
import { ConfirmModal } from "../directory/ConfirmModal"
import { plural } from "../directory/format"
import { Section } from "../directory/layout"

/**
 * An admin erases what is recorded about a person's reading (on their request, say): their raw
 * events and per-person daily rows go; company, team and report totals keep the counts, unnamed.
 */
export const UserReadershipSection = ({ user }: { readonly user: UserSummary }) => {
  const queryClient = useQueryClient()
  const [confirming, confirm] = useDisclosure(false)
  const erase = useMutation({
    mutationFn: () => eraseReadership(user.id),
    onSuccess: async () => {
      confirm.close()
      await queryClient.invalidateQueries({ queryKey: readershipKeys.all })
    },
  })
  return (
    <Section
      id="user-readership"
      title="Readership data"
      description={`The reports ${user.name} opened and read, searches, sign-ins, feed fetches and email opens.`}
    >
      <Stack gap="sm" align="flex-start">
        {erase.isSuccess && (
          <Alert color="teal" variant="light" icon={<CheckIcon />} role="status" w="100%">
            {erase.data.erased === 0
              ? `Nothing was recorded about ${user.name}: no events to erase.`
              : `${plural(erase.data.erased, "event")} of ${user.name} erased.`}
          </Alert>
        )}
        <Text fz="sm">
          Erasing removes every recorded event of {user.name}. Totals by company, team and report keep their
          counts, with no one named.
        </Text>
        <Group>
          <Button
            variant="light"
            color="red"
            onClick={() => {
              erase.reset()
              confirm.open()
            }}
          >
            Erase readership data
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        onClose={() => !erase.isPending && confirm.close()}
        title={`Erase the readership data of ${user.name}?`}
        confirmLabel="Erase"
        danger
        pending={erase.isPending}
        error={erase.error}
        onConfirm={() => erase.mutate()}
      >
        <Stack gap="xs">
          <Text fz="sm" fw={600}>
            Goes, for good:
          </Text>
          <List fz="sm" spacing={4}>
            <List.Item>
              every raw event of {user.name}: reports opened and read, searches, sign-ins, feed fetches, email
              opens;
            </List.Item>
            <List.Item>their own daily rows, which name them.</List.Item>
          </List>
          <Text fz="sm" fw={600}>
            Stays:
          </Text>
          <List fz="sm" spacing={4}>
            <List.Item>the counts of their company, team and of each report, with no one named.</List.Item>
          </List>
          <Text fz="sm" c="dimmed">
            This cannot be undone. What they do from now on is recorded again.
          </Text>
        </Stack>
      </ConfirmModal>
    </Section>
  )
}
