import { AiRunId } from "@folio/core"
import { createFileRoute } from "@tanstack/react-router"
import { AiPlaygroundScreen } from "./-components/ai/AiPlaygroundScreen"
import { AiPlaygroundNoAccess } from "./-components/ai/NoAccess"
import { useGrant } from "./-components/directory/permissions"
import { searchParam } from "./-components/directory/search"

// No loader: who may use it is known from the signed-in person, and the screen asks for its
// providers and runs with its own loading states, so nothing of the playground (nor the lazy
// contract's client) is in the console's first load.
export const Route = createFileRoute("/_app/ai-playground")({
  validateSearch: (search: Record<string, unknown>): { run?: AiRunId | undefined } => ({
    run: searchParam(AiRunId, search.run),
  }),
  component: AiPlaygroundRoute,
})

function AiPlaygroundRoute() {
  const allowed = useGrant("ai.use") !== "none"
  const { run } = Route.useSearch()
  const navigate = Route.useNavigate()
  if (!allowed) return <AiPlaygroundNoAccess />
  return <AiPlaygroundScreen openRunId={run} onOpenRun={(next) => navigate({ search: { run: next } })} />
}
