import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from "@mantine/core"
import { AlertIcon, CheckIcon, CopyIcon } from "../../../../components/icons"
import { formatDateTime } from "../directory/format"

/** A webhook's signing secret, shown this once with a copy button (Folio cannot show it again). */
export const SecretDialog = ({
  secret,
  channelName,
  previousValidUntil,
  onClose,
}: {
  readonly secret: string | null
  readonly channelName: string
  /** After a rotation: until when the old secret still signs. */
  readonly previousValidUntil?: Date | null
  readonly onClose: () => void
}) => (
  <Modal
    opened={secret !== null}
    onClose={onClose}
    title="Copy the signing secret"
    centered
    size="lg"
    closeOnClickOutside={false}
  >
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<AlertIcon />} title="Shown only once">
        Store it with your receiver now: Folio keeps it to sign deliveries but never shows it again. If you
        lose it, rotate the secret.
      </Alert>
      {previousValidUntil && (
        <Text fz="sm">
          The previous secret keeps signing deliveries (as a second signature) until{" "}
          {formatDateTime(previousValidUntil)}, so your receiver can switch over.
        </Text>
      )}
      <Stack gap={6}>
        <Text fz="sm" fw={500} id="webhook-secret-label">
          Signing secret of “{channelName}”
        </Text>
        <Code
          block
          aria-labelledby="webhook-secret-label"
          style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}
        >
          {secret}
        </Code>
      </Stack>
      <Group justify="space-between" gap="sm">
        <CopyButton value={secret ?? ""}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? "light" : "default"}
              color={copied ? "teal" : "gray"}
              leftSection={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
              onClick={copy}
            >
              {copied ? "Copied" : "Copy secret"}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onClose}>I have stored it</Button>
      </Group>
    </Stack>
  </Modal>
)
