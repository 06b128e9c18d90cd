import { ChannelId, DeliveryStatus, ReportId } from "@folio/core"
import { createFileRoute } from "@tanstack/react-router"
import { channelsQueryOptions, type DeliveryFilters } from "../../api/channels"
import { ChannelsScreen } from "./-components/channels/ChannelsScreen"
import { ListPending } from "./-components/directory/layout"
import { searchParam } from "./-components/directory/search"

const statusesOf = (value: unknown): ReadonlyArray<DeliveryStatus> | undefined => {
  const raw = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : []
  const statuses = raw.flatMap((item) => {
    const status = searchParam(DeliveryStatus, typeof item === "string" ? item.trim() : item)
    return status === undefined ? [] : [status]
  })
  return statuses.length === 0 ? undefined : [...new Set(statuses)]
}

export const Route = createFileRoute("/_app/channels")({
  validateSearch: (search: Record<string, unknown>): DeliveryFilters => ({
    status: statusesOf(search.status),
    channel: searchParam(ChannelId, search.channel),
    report: searchParam(ReportId, search.report),
  }),
  // The screen shows its own loading and error states per section; start the list early.
  loader: ({ context }) => void context.queryClient.prefetchQuery(channelsQueryOptions()),
  pendingComponent: () => <ListPending title="Channels" label="Loading channels…" />,
  component: ChannelsRoute,
})

function ChannelsRoute() {
  const filters = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ChannelsScreen
      filters={filters}
      onFiltersChange={(change) =>
        navigate({ search: (current) => ({ ...current, ...change }), replace: true })
      }
    />
  )
}
