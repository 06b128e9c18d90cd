import { can } from "@folio/core"
import { createFileRoute } from "@tanstack/react-router"
import { meQueryOptions } from "../../api/session"
import { tokensQueryOptions } from "../../api/tokens"
import { DeveloperScreen } from "./-components/developer/DeveloperScreen"
import { type DeveloperTab, developerTabs } from "./-components/developer/search"

interface DeveloperSearch {
  /** The open tab; the API tokens when absent. */
  readonly tab?: Exclude<DeveloperTab, "tokens"> | undefined
}

export const Route = createFileRoute("/_app/developer/")({
  validateSearch: (search: Record<string, unknown>): DeveloperSearch => ({
    tab: developerTabs.find(
      (tab): tab is Exclude<DeveloperTab, "tokens"> => tab !== "tokens" && tab === search.tab,
    ),
  }),
  loader: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(meQueryOptions())
    // The screen explains the refusal itself; only ask for tokens when the role may have them.
    if (can(me.user.role, "developer.tokens")) await context.queryClient.ensureQueryData(tokensQueryOptions())
  },
  component: DeveloperRoute,
})

function DeveloperRoute() {
  const { tab } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <DeveloperScreen
      tab={tab ?? "tokens"}
      onTabChange={(next) =>
        navigate({ search: { tab: next === "tokens" ? undefined : next }, replace: true })
      }
    />
  )
}
