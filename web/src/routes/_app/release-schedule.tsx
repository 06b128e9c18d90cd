import { createFileRoute } from "@tanstack/react-router"
import { Schema } from "effect"
import { restrictedQueryOptions } from "../../api/releases"
import { ListPending } from "./-components/directory/layout"
import { searchParam } from "./-components/directory/search"
import { isDayKey } from "./-components/releases/dayKey"
import { ReleaseScheduleScreen } from "./-components/releases/ReleaseScheduleScreen"
import { type ScheduleSearch, scheduleViews } from "./-components/releases/search"

const View = Schema.Literal(...scheduleViews)

export const Route = createFileRoute("/_app/release-schedule")({
  validateSearch: (search: Record<string, unknown>): ScheduleSearch => ({
    view: searchParam(View, search.view),
    date: typeof search.date === "string" && isDayKey(search.date) ? search.date : undefined,
  }),
  // The calendar loads its own range (with its own pending and error states); start the lists early.
  loader: ({ context }) => void context.queryClient.prefetchQuery(restrictedQueryOptions()),
  pendingComponent: () => <ListPending title="Release schedule" label="Loading the schedule…" />,
  component: ReleaseScheduleRoute,
})

function ReleaseScheduleRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ReleaseScheduleScreen
      search={search}
      onSearchChange={(change) =>
        navigate({ search: (current) => ({ ...current, ...change }), replace: true })
      }
    />
  )
}
