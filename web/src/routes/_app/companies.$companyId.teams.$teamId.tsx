import { CompanyId, TeamId } from "@folio/core"
import { createFileRoute, notFound } from "@tanstack/react-router"
import { companyQueryOptions } from "../../api/companies"
import { teamQueryOptions } from "../../api/teams"
import { TeamScreen } from "./-components/companies/TeamScreen"
import { ListPending } from "./-components/directory/layout"
import { idOrNotFound, orNotFound } from "./-components/directory/routing"

export const Route = createFileRoute("/_app/companies/$companyId/teams/$teamId")({
  loader: async ({ context: { queryClient }, params }) => {
    const companyId = idOrNotFound(CompanyId, params.companyId)
    const teamId = idOrNotFound(TeamId, params.teamId)
    const [company, team] = await Promise.all([
      orNotFound(queryClient.ensureQueryData(companyQueryOptions(companyId))),
      orNotFound(queryClient.ensureQueryData(teamQueryOptions(teamId))),
    ])
    // A team is only found under its own company's address.
    if (team.companyId !== company.id) throw notFound()
    return { companyId, teamId }
  },
  pendingComponent: () => <ListPending title="Team" label="Loading the team…" />,
  component: TeamRoute,
})

function TeamRoute() {
  const { companyId, teamId } = Route.useLoaderData()
  return <TeamScreen companyId={companyId} teamId={teamId} />
}
