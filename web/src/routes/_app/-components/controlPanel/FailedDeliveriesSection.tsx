import type { Delivery, DeliveryId } from "@folio/core"
import { pluralNoun } from "@folio/core"
import { Button, Group, Stack, Text } from "@mantine/core"
import { notifications } from "@mantine/notifications"
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query"
import { channelKeys, deliveriesInfiniteQueryOptions, retryDeliveries } from "../../../../api/channels"
import { controlPanelKeys } from "../../../../api/controlPanel"
import { DeliveryStatusBadge, eventLabels, tierLabel } from "../channels/deliveries"
import { AnchorLink } from "../directory/AnchorLink"
import { formatRelative, plural } from "../directory/format"
import { actionErrorText } from "../directory/forms"
import { InlineError, LoadMore, Section, SectionPending } from "../directory/layout"
import { AllClear } from "./AllClear"
import { FailedItem } from "./FailedItem"

const failing = { status: ["failed", "dead"] as const }

const labelOf = (delivery: Delivery) =>
  `${delivery.reportTitle ?? eventLabels[delivery.event]} to ${delivery.channelName}`

/**
 * Deliveries that failed (still retrying with back-off) or are dead (out of attempts), through
 * the delivery log's own endpoints; the full log with its filters is on /channels.
 */
export const FailedDeliveriesSection = () => {
  const queryClient = useQueryClient()
  const query = useInfiniteQuery(deliveriesInfiniteQueryOptions(failing))
  const deliveries = query.data?.pages.flatMap((page) => page.items) ?? []
  const retry = useMutation({
    mutationFn: (input: { readonly ids: ReadonlyArray<DeliveryId> } | { readonly channel?: undefined }) =>
      retryDeliveries(input),
    onSuccess: async (result) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: channelKeys.all }),
        queryClient.invalidateQueries({ queryKey: controlPanelKeys.health() }),
      ])
      notifications.show({
        color: result.retried === 0 ? "gray" : "teal",
        title: result.retried === 0 ? "Nothing to retry" : "Retrying",
        message:
          result.retried === 0
            ? "No delivery was waiting for a retry."
            : `${plural(result.retried, "delivery", "deliveries")} queued again.`,
      })
    },
    onError: (error) =>
      notifications.show({ color: "red", title: "Not retried", message: actionErrorText(error) }),
  })
  const retryingOne = retry.isPending && retry.variables !== undefined && "ids" in retry.variables
  return (
    <Section
      id="failed-deliveries"
      title="Failed deliveries"
      description={
        <>
          Failed deliveries retry with back-off for a day, then are dead. The whole log is on{" "}
          <AnchorLink to="/channels" search={{ status: ["failed", "dead"] }} fz="sm">
            Channels
          </AnchorLink>
          .
        </>
      }
      actions={
        deliveries.some((delivery) => delivery.status === "dead") ? (
          <Button
            size="xs"
            variant="default"
            loading={retry.isPending && !retryingOne}
            onClick={() => retry.mutate({})}
          >
            Retry all dead
          </Button>
        ) : undefined
      }
    >
      {query.isPending ? (
        <SectionPending label="Loading failed deliveries…" rows={2} />
      ) : query.isError && deliveries.length === 0 ? (
        <InlineError error={query.error} onRetry={() => void query.refetch()} />
      ) : deliveries.length === 0 ? (
        <AllClear
          title="No failed deliveries"
          description="Every delivery went through, or is still on its way."
        />
      ) : (
        <>
          <Stack
            component="ul"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: "none" }}
            aria-label="Failed deliveries"
          >
            {deliveries.map((delivery) => (
              <FailedItem
                key={delivery.id}
                label={labelOf(delivery)}
                title={
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <DeliveryStatusBadge status={delivery.status} />
                    <Text fz="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                      {labelOf(delivery)}
                    </Text>
                  </Group>
                }
                facts={`${eventLabels[delivery.event]} · ${tierLabel(delivery.tierHours)} · ${plural(delivery.attempts, "attempt")} · created ${formatRelative(delivery.createdAt)}`}
                error={delivery.lastError}
                retrying={retryingOne && "ids" in retry.variables && retry.variables.ids[0] === delivery.id}
                onRetry={() => retry.mutate({ ids: [delivery.id] })}
              />
            ))}
          </Stack>
          <LoadMore
            shown={deliveries.length}
            noun={pluralNoun(deliveries.length, "delivery", "deliveries")}
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            error={query.isFetchNextPageError ? query.error : null}
            onLoadMore={() => void query.fetchNextPage()}
          />
        </>
      )}
    </Section>
  )
}
