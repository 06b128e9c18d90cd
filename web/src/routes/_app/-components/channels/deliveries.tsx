import type { Delivery, DeliveryEvent, DeliveryStatus } from "@folio/core"
import { Badge, Button, Table, Text, Tooltip, VisuallyHidden } from "@mantine/core"
import { AnchorLink } from "../directory/AnchorLink"
import { formatDateTime, formatRelative } from "../directory/format"

export const deliveryStatuses: ReadonlyArray<DeliveryStatus> = [
  "pending",
  "sending",
  "delivered",
  "failed",
  "dead",
]

export const deliveryStatusLabels: Record<DeliveryStatus, string> = {
  pending: "Pending",
  sending: "Sending",
  delivered: "Delivered",
  failed: "Failed",
  dead: "Dead",
}

const statusColors: Record<DeliveryStatus, string> = {
  pending: "blue",
  sending: "indigo",
  delivered: "teal",
  failed: "orange",
  dead: "red",
}

export const eventLabels: Record<DeliveryEvent, string> = {
  "report.published": "Published",
  "report.corrected": "Corrected",
  "channel.test": "Test",
}

export const DeliveryStatusBadge = ({ status }: { readonly status: DeliveryStatus }) => (
  <Badge variant="light" radius="sm" color={statusColors[status]} style={{ flexShrink: 0 }}>
    {deliveryStatusLabels[status]}
  </Badge>
)

export const tierLabel = (hours: number): string => (hours === 0 ? "At release" : `+${hours} h`)

export const retryable = (delivery: Delivery): boolean =>
  delivery.status === "failed" || delivery.status === "dead"

const When = ({ date }: { readonly date: Date }) => (
  <Tooltip label={formatDateTime(date)} openDelay={300}>
    <Text component="span" fz="sm" style={{ whiteSpace: "nowrap" }}>
      {formatRelative(date)}
    </Text>
  </Tooltip>
)

/** Deliveries as rows: what, where, which tier, how it went, and a retry for the failed ones. */
export const DeliveriesTable = ({
  deliveries,
  label,
  showReport = true,
  showChannel = true,
  onRetry,
  retrying,
}: {
  readonly deliveries: ReadonlyArray<Delivery>
  readonly label: string
  readonly showReport?: boolean
  readonly showChannel?: boolean
  readonly onRetry?: ((delivery: Delivery) => void) | undefined
  readonly retrying?: string | null
}) => (
  <Table.ScrollContainer minWidth={showReport ? 900 : 640}>
    <Table verticalSpacing="xs" aria-label={label} highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Created</Table.Th>
          {showReport && <Table.Th>Report</Table.Th>}
          {showChannel && <Table.Th>Channel</Table.Th>}
          <Table.Th>Tier</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th ta="right">Attempts</Table.Th>
          <Table.Th>Last error / next attempt</Table.Th>
          {onRetry && (
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {deliveries.map((delivery) => (
          <Table.Tr key={delivery.id}>
            <Table.Td>
              <When date={delivery.createdAt} />
            </Table.Td>
            {showReport && (
              <Table.Td maw={260}>
                {delivery.reportId === null ? (
                  <Text fz="sm" c="dimmed">
                    {eventLabels[delivery.event]} event
                  </Text>
                ) : (
                  <AnchorLink
                    to="/reports/$reportId"
                    params={{ reportId: delivery.reportId }}
                    fz="sm"
                    lineClamp={2}
                    style={{ overflowWrap: "anywhere" }}
                  >
                    {delivery.reportTitle ?? "Report"}
                  </AnchorLink>
                )}
                {delivery.event === "report.corrected" && (
                  <Badge size="xs" variant="outline" radius="sm" ml={4}>
                    Correction
                  </Badge>
                )}
              </Table.Td>
            )}
            {showChannel && (
              <Table.Td>
                <Text fz="sm">{delivery.channelName}</Text>
                <Text fz="xs" c="dimmed">
                  {delivery.channelKind === "rss"
                    ? "Feed"
                    : delivery.channelKind === "email"
                      ? "Email"
                      : "Webhook"}
                  {delivery.event === "channel.test" ? " · test" : ""}
                  {delivery.channelKind === "email" && delivery.recipients > 0
                    ? ` · ${delivery.recipients} recipients`
                    : ""}
                </Text>
              </Table.Td>
            )}
            <Table.Td style={{ whiteSpace: "nowrap" }}>{tierLabel(delivery.tierHours)}</Table.Td>
            <Table.Td>
              <DeliveryStatusBadge status={delivery.status} />
            </Table.Td>
            <Table.Td ta="right">{delivery.attempts}</Table.Td>
            <Table.Td maw={300}>
              {delivery.lastError !== null && (
                <Text
                  fz="xs"
                  c="red"
                  lineClamp={2}
                  title={delivery.lastError}
                  style={{ overflowWrap: "anywhere" }}
                >
                  {delivery.lastError}
                </Text>
              )}
              {delivery.status === "delivered" && delivery.deliveredAt !== null ? (
                <Text fz="xs" c="dimmed">
                  Delivered {formatDateTime(delivery.deliveredAt)}
                </Text>
              ) : delivery.nextAttemptAt !== null && delivery.status !== "dead" ? (
                <Text fz="xs" c="dimmed">
                  Next {formatDateTime(delivery.nextAttemptAt)}
                </Text>
              ) : delivery.lastError === null ? (
                <Text fz="xs" c="dimmed">
                  —
                </Text>
              ) : null}
            </Table.Td>
            {onRetry && (
              <Table.Td>
                {retryable(delivery) && (
                  <Button
                    size="compact-xs"
                    variant="default"
                    loading={retrying === delivery.id}
                    aria-label={`Retry delivery to ${delivery.channelName}${delivery.reportTitle ? ` of ${delivery.reportTitle}` : ""}`}
                    onClick={() => onRetry(delivery)}
                  >
                    Retry
                  </Button>
                )}
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
)
