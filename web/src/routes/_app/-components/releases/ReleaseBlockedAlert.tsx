import { ReleaseBlocked } from "@folio/core"
import { Alert, Badge, Group, Text } from "@mantine/core"
import { AlertIcon } from "../../../../components/icons"
import { actionErrorText } from "../directory/forms"

/** The 409 that a blackout period or the restricted list answers, when it is one. */
export const releaseBlockedOf = (error: unknown): ReleaseBlocked | undefined =>
  error instanceof ReleaseBlocked ? error : undefined

/** The server's words for a failed release action, a refusal by a blackout or restriction included. */
export const releaseErrorText = (error: unknown): string => {
  const blocked = releaseBlockedOf(error)
  if (!blocked) return actionErrorText(error)
  return blocked.message.includes(blocked.reason)
    ? blocked.message
    : `${blocked.message} Reason: ${blocked.reason}`
}

/**
 * Why a release cannot happen then: the rule (blackout or restricted ticker), its reason and the
 * ticker concerned, where the user asked — never a generic error.
 */
export const ReleaseBlockedAlert = ({
  blocked,
  onClose,
}: {
  readonly blocked: ReleaseBlocked
  readonly onClose?: () => void
}) => (
  <Alert
    color="orange"
    variant="light"
    icon={<AlertIcon />}
    role="alert"
    title={
      blocked.rule === "blackout"
        ? "A blackout period blocks this release"
        : `${blocked.ticker ?? "A ticker"} is on the restricted list`
    }
    {...(onClose ? { withCloseButton: true, onClose, closeButtonLabel: "Dismiss" } : {})}
  >
    <Text fz="sm">{blocked.message}</Text>
    <Group gap="xs" mt={6} wrap="wrap">
      {blocked.ticker !== null && (
        <Badge variant="default" radius="sm" tt="none" ff="monospace">
          {blocked.ticker}
        </Badge>
      )}
      <Text fz="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
        Reason: {blocked.reason}
      </Text>
    </Group>
  </Alert>
)

/** A release action's failure: the blocking rule when it is one, otherwise the server's message. */
export const ReleaseErrorAlert = ({
  error,
  title,
  onClose,
}: {
  readonly error: unknown
  readonly title: string
  readonly onClose?: () => void
}) => {
  const blocked = releaseBlockedOf(error)
  if (blocked) return <ReleaseBlockedAlert blocked={blocked} {...(onClose ? { onClose } : {})} />
  return (
    <Alert
      color="red"
      variant="light"
      icon={<AlertIcon />}
      role="alert"
      title={title}
      {...(onClose ? { withCloseButton: true, onClose, closeButtonLabel: "Dismiss" } : {})}
    >
      {actionErrorText(error)}
    </Alert>
  )
}
