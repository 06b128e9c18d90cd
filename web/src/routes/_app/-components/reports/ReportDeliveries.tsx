import type { Report } from "@folio/core"
import { Group, Stack, Text, Title } from "@mantine/core"
import { useInfiniteQuery } from "@tanstack/react-query"
import { deliveriesInfiniteQueryOptions } from "../../../../api/channels"
import { DeliveryStatusBadge, deliveryStatusLabels, tierLabel } from "../channels/deliveries"
import { AnchorLink } from "../directory/AnchorLink"
import { InlineError, SectionPending } from "../directory/layout"

/** The deliveries a published report made (editors and admins), newest first. */
export const ReportDeliveries = ({ report }: { readonly report: Report }) => {
  const query = useInfiniteQuery(deliveriesInfiniteQueryOptions({ report: report.id }, 10))
  const deliveries = query.data?.pages.flatMap((page) => page.items) ?? []
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="sm">
          Deliveries
        </Title>
        <AnchorLink to="/channels" search={{ report: report.id }} fz="sm">
          Delivery log
        </AnchorLink>
      </Group>
      {query.isPending ? (
        <SectionPending label="Loading deliveries…" rows={2} />
      ) : query.isError ? (
        <InlineError error={query.error} onRetry={() => void query.refetch()} />
      ) : deliveries.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {report.status === "published"
            ? "No deliveries: the report has no enabled channel."
            : "None until it is published."}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap={4}
          p={0}
          m={0}
          style={{ listStyle: "none" }}
          aria-label="Deliveries of this report"
        >
          {deliveries.map((delivery) => (
            <Group
              component="li"
              key={delivery.id}
              justify="space-between"
              gap="xs"
              wrap="nowrap"
              aria-label={`${delivery.channelName}, ${tierLabel(delivery.tierHours)}, ${deliveryStatusLabels[delivery.status]}`}
            >
              <Stack gap={0} miw={0} style={{ flex: 1 }}>
                <Text fz="sm" truncate>
                  {delivery.channelName}
                </Text>
                <Text fz="xs" c="dimmed">
                  {tierLabel(delivery.tierHours)}
                  {delivery.attempts > 0
                    ? ` · ${delivery.attempts} attempt${delivery.attempts === 1 ? "" : "s"}`
                    : ""}
                  {delivery.event === "report.corrected" ? " · correction" : ""}
                </Text>
              </Stack>
              <DeliveryStatusBadge status={delivery.status} />
            </Group>
          ))}
          {query.hasNextPage && (
            <Text fz="xs" c="dimmed">
              More in the delivery log.
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  )
}
