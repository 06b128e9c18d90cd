import type { ApiToken } from "@folio/core"
import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { revokeToken, tokenKeys } from "../../../../api/tokens"
import { AlertIcon } from "../../../../components/icons"
import { describeError } from "../../../../errors/describeError"

/** Asks before revoking: whatever uses the token stops working at once. */
export const RevokeTokenDialog = ({
  token,
  onClose,
}: {
  readonly token: ApiToken | null
  readonly onClose: () => void
}) => {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: revokeToken,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: tokenKeys.list() })
      onClose()
    },
  })
  const close = () => {
    if (mutation.isPending) return
    mutation.reset()
    onClose()
  }
  return (
    <Modal opened={token !== null} onClose={close} title={`Revoke “${token?.name ?? ""}”?`} centered>
      <Stack gap="md">
        <Text fz="sm">
          Scripts, CI jobs and CLI sessions that use this token stop working at once. This cannot be undone.
        </Text>
        {mutation.error !== null && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" title="Could not revoke">
            {describeError(mutation.error, window.location.host).text}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red"
            loading={mutation.isPending}
            onClick={() => token !== null && mutation.mutate(token.id)}
          >
            Revoke token
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
