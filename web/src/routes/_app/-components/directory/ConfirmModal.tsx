import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core"
import type { ReactNode } from "react"
import { AlertIcon } from "../../../../components/icons"
import { actionErrorText } from "./forms"

/**
 * A confirmation for an action that cannot be taken back in one click. The server's answer to a
 * refusal (e.g. "the last active admin") stays in the dialog, where the user asked.
 */
export const ConfirmModal = ({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  danger = false,
  pending,
  error,
  onConfirm,
}: {
  readonly opened: boolean
  readonly onClose: () => void
  readonly title: string
  readonly children: ReactNode
  readonly confirmLabel: string
  readonly danger?: boolean
  readonly pending: boolean
  readonly error: unknown
  readonly onConfirm: () => void
}) => (
  <Modal opened={opened} onClose={onClose} title={title} centered>
    <Stack gap="md">
      {typeof children === "string" ? <Text fz="sm">{children}</Text> : children}
      {error !== null && error !== undefined && (
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
          {actionErrorText(error)}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} data-autofocus={danger ? true : undefined}>
          Cancel
        </Button>
        <Button
          color={danger ? "red" : "indigo"}
          loading={pending}
          onClick={onConfirm}
          data-autofocus={danger ? undefined : true}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  </Modal>
)
