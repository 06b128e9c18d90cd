import { PreconditionFailed } from "@folio/core"
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core"
import { notifications } from "@mantine/notifications"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { configKeys, rollbackConfig, siteKeys } from "../../../../api/config"
import { AlertIcon } from "../../../../components/icons"
import { actionErrorText } from "../directory/forms"

/**
 * Rolling the store back to a version, confirmed first: it is a new version holding what that one
 * held (secrets included), guarded by the digest the admin was looking at.
 */
export const RollbackDialog = ({
  version,
  digest,
  onClose,
}: {
  /** The version to go back to; null while closed. */
  readonly version: number | null
  readonly digest: string
  readonly onClose: () => void
}) => {
  const queryClient = useQueryClient()
  const [comment, setComment] = useState("")
  const rollback = useMutation({
    mutationFn: rollbackConfig,
    onSuccess: async (snapshot, { version: target }) => {
      queryClient.setQueryData(configKeys.snapshot(), snapshot)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: configKeys.histories() }),
        queryClient.invalidateQueries({ queryKey: siteKeys.status }),
      ])
      notifications.show({
        color: "teal",
        title: "Configuration rolled back",
        message: `Version ${snapshot.version} holds what version ${target} held.`,
      })
      close()
    },
  })
  const close = () => {
    setComment("")
    rollback.reset()
    onClose()
  }
  const stale = rollback.error instanceof PreconditionFailed

  return (
    <Modal
      opened={version !== null}
      onClose={() => !rollback.isPending && close()}
      title={`Roll back to version ${version ?? ""}?`}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (version !== null) rollback.mutate({ version, digest, comment: comment.trim() })
        }}
      >
        <Stack gap="md">
          <Text fz="sm">
            Every key goes back to what version {version} held, secrets included, as a new version. The
            versions after it stay in the history.
          </Text>
          <TextInput
            label="Comment"
            description="Optional: why, for the history."
            maxLength={500}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
          />
          {rollback.isError && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" title="Not rolled back">
              {stale ? (
                <Stack gap="xs" align="flex-start">
                  <Text fz="sm">
                    Someone else changed the configuration since you loaded it. Reload it and check the
                    history before rolling back.
                  </Text>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => {
                      void queryClient.invalidateQueries({ queryKey: configKeys.all })
                      close()
                    }}
                  >
                    Reload the configuration
                  </Button>
                </Stack>
              ) : (
                actionErrorText(rollback.error)
              )}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={rollback.isPending} data-autofocus>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={rollback.isPending}>
              Roll back
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
