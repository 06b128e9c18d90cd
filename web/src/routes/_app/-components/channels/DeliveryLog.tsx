import type { Channel, ChannelId, Delivery } from "@folio/core"
import { pluralNoun } from "@folio/core"
import { Badge, Button, CloseButton, Group, Loader, MultiSelect, Select } from "@mantine/core"
import { notifications } from "@mantine/notifications"
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import {
  channelKeys,
  type DeliveryFilters,
  deliveriesInfiniteQueryOptions,
  retryDeliveries,
} from "../../../../api/channels"
import { reportQueryOptions } from "../../../../api/reports"
import { plural } from "../directory/format"
import { actionErrorText } from "../directory/forms"
import { EmptyList, InlineError, LoadMore, Section, SectionPending } from "../directory/layout"
import { DeliveriesTable, deliveryStatuses, deliveryStatusLabels } from "./deliveries"

const useRetry = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: retryDeliveries,
    onSuccess: async (result) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: channelKeys.deliveries() }),
        queryClient.invalidateQueries({ queryKey: channelKeys.list() }),
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
}

const ReportFilterBadge = ({
  reportId,
  onClear,
}: {
  readonly reportId: NonNullable<DeliveryFilters["report"]>
  readonly onClear: () => void
}) => {
  const report = useQuery(reportQueryOptions(reportId))
  return (
    <Badge
      size="lg"
      variant="light"
      radius="sm"
      mb={4}
      maw="100%"
      tt="none"
      rightSection={<CloseButton size="xs" aria-label="Remove the report filter" onClick={onClear} />}
    >
      Report: {report.data?.title ?? "…"}
    </Badge>
  )
}

/** The delivery log, newest first: filter by status, channel and report; retry failed and dead ones. */
export const DeliveryLog = ({
  filters,
  channels,
  onFiltersChange,
}: {
  readonly filters: DeliveryFilters
  readonly channels: ReadonlyArray<Channel>
  readonly onFiltersChange: (change: Partial<DeliveryFilters>) => void
}) => {
  const query = useInfiniteQuery(deliveriesInfiniteQueryOptions(filters))
  const retry = useRetry()
  const [retrying, setRetrying] = useState<string | null>(null)
  const deliveries = query.data?.pages.flatMap((page) => page.items) ?? []
  const filtered =
    (filters.status?.length ?? 0) > 0 || filters.channel !== undefined || filters.report !== undefined
  const retryOne = (delivery: Delivery) => {
    setRetrying(delivery.id)
    retry.mutate({ ids: [delivery.id] }, { onSettled: () => setRetrying(null) })
  }
  const channelName = channels.find((channel) => channel.id === filters.channel)?.name
  return (
    <Section
      id="delivery-log"
      title="Delivery log"
      description="Every report, channel and tier Folio delivers, with its attempts. Failed deliveries retry with back-off for a day, then are dead."
      actions={
        <Button
          size="xs"
          variant="default"
          loading={retry.isPending && retrying === null}
          onClick={() => retry.mutate({ channel: filters.channel })}
        >
          {channelName ? `Retry dead of ${channelName}` : "Retry all dead"}
        </Button>
      }
    >
      <Group component="search" aria-label="Filter deliveries" gap="sm" align="flex-end" mb="md" wrap="wrap">
        <MultiSelect
          label="Status"
          placeholder={(filters.status?.length ?? 0) > 0 ? undefined : "Any status"}
          data={deliveryStatuses.map((status) => ({ value: status, label: deliveryStatusLabels[status] }))}
          value={[...(filters.status ?? [])]}
          onChange={(values) =>
            onFiltersChange({
              status:
                values.length === 0
                  ? undefined
                  : deliveryStatuses.filter((status) => values.includes(status)),
            })
          }
          clearable
          w={{ base: "100%", xs: 260 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Channel"
          placeholder="Any channel"
          data={channels.map((channel) => ({ value: channel.id as string, label: channel.name }))}
          value={filters.channel ?? null}
          onChange={(value) => onFiltersChange({ channel: (value ?? undefined) as ChannelId | undefined })}
          clearable
          w={{ base: "100%", xs: 220 }}
          comboboxProps={{ withinPortal: true }}
        />
        {filters.report !== undefined && (
          <ReportFilterBadge
            reportId={filters.report}
            onClear={() => onFiltersChange({ report: undefined })}
          />
        )}
        {query.isFetching && !query.isPending && !query.isFetchingNextPage && (
          <Loader size="sm" mb={8} aria-label="Updating the log" />
        )}
      </Group>
      {query.isPending ? (
        <SectionPending label="Loading deliveries…" rows={4} />
      ) : query.isError && deliveries.length === 0 ? (
        <InlineError error={query.error} onRetry={() => void query.refetch()} />
      ) : deliveries.length === 0 ? (
        filtered ? (
          <EmptyList
            title="No delivery matches these filters"
            action={
              <Button
                variant="default"
                onClick={() => onFiltersChange({ status: undefined, channel: undefined, report: undefined })}
              >
                Clear filters
              </Button>
            }
          />
        ) : (
          <EmptyList
            title="Nothing delivered yet"
            description="Deliveries appear here when a report is published to a channel, or when you send a test."
          />
        )
      ) : (
        <>
          <DeliveriesTable
            deliveries={deliveries}
            label="Deliveries"
            onRetry={retryOne}
            retrying={retrying}
          />
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
