import { Button, Group, Modal, Stack, Text } from "@mantine/core"
import { ReleaseErrorAlert } from "./ReleaseBlockedAlert"
import { type ReleaseTarget, usePublishNow } from "./useReleaseActions"

/** "Publish now" asks first: readers see the report at once, and its deliveries start. */
export const PublishNowDialog = ({
  opened,
  onClose,
  target,
}: {
  readonly opened: boolean
  readonly onClose: () => void
  readonly target: ReleaseTarget
}) => {
  const mutation = usePublishNow()
  const close = () => {
    if (mutation.isPending) return
    mutation.reset()
    onClose()
  }
  return (
    <Modal opened={opened} onClose={close} title="Publish this report now?" centered>
      <Stack gap="md">
        <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
          “{target.title}” becomes visible to its audience at once (embargoed tiers after their delay), and
          its channels start delivering it. Its scheduled time is dropped.
        </Text>
        {mutation.isError && <ReleaseErrorAlert error={mutation.error} title="Not published" />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            loading={mutation.isPending}
            data-autofocus
            onClick={() =>
              mutation.mutate(target, {
                onSuccess: () => {
                  mutation.reset()
                  onClose()
                },
              })
            }
          >
            Publish now
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
