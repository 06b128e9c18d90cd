import { can } from "@folio/core"
import { createFileRoute } from "@tanstack/react-router"
import { controlPanelHealthQueryOptions } from "../../api/controlPanel"
import { meQueryOptions } from "../../api/session"
import { ControlPanelScreen } from "./-components/controlPanel/ControlPanelScreen"
import { ControlPanelNoAccess } from "./-components/controlPanel/NoAccess"
import { type ControlPanelSearch, controlPanelTabs } from "./-components/controlPanel/search"
import { ListPending } from "./-components/directory/layout"
import { searchText } from "./-components/directory/search"

const day = (value: unknown): string | undefined => {
  const text = searchText(value, 10)
  return text !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : undefined
}

export const Route = createFileRoute("/_app/control-panel")({
  validateSearch: (search: Record<string, unknown>): ControlPanelSearch => {
    const tab = controlPanelTabs.find((candidate) => candidate !== "health" && candidate === search.tab)
    return {
      tab: tab === "health" ? undefined : tab,
      q: searchText(search.q, 200),
      actor: searchText(search.actor, 200),
      action: searchText(search.action, 60),
      targetType: searchText(search.targetType, 40),
      targetId: searchText(search.targetId, 200),
      from: day(search.from),
      to: day(search.to),
    }
  },
  loader: async ({ context: { queryClient } }) => {
    const me = await queryClient.ensureQueryData(meQueryOptions())
    // The screen explains the refusal itself; only ask when the panel is this person's to open.
    if (!can(me.user.role, "controlPanel.view")) return { allowed: false }
    // Each tab shows its own loading and error states; start the first one early.
    void queryClient.prefetchQuery(controlPanelHealthQueryOptions())
    return { allowed: true }
  },
  pendingComponent: () => <ListPending title="Control panel" label="Loading the control panel…" />,
  component: ControlPanelRoute,
})

function ControlPanelRoute() {
  const { allowed } = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  if (!allowed) return <ControlPanelNoAccess />
  return (
    <ControlPanelScreen
      search={search}
      onSearchChange={(next) => navigate({ search: next, replace: true })}
    />
  )
}
