import { CompanyId } from "@folio/core"
import { createFileRoute } from "@tanstack/react-router"
import { companyQueryOptions } from "../../api/companies"
import { teamsInfiniteQueryOptions } from "../../api/teams"
import { usersInfiniteQueryOptions } from "../../api/users"
import { CompanyScreen } from "./-components/companies/CompanyScreen"
import { ListPending } from "./-components/directory/layout"
import { idOrNotFound, orNotFound } from "./-components/directory/routing"

export const Route = createFileRoute("/_app/companies/$companyId/")({
  loader: async ({ context: { queryClient }, params }) => {
    const companyId = idOrNotFound(CompanyId, params.companyId)
    const company = await orNotFound(queryClient.ensureQueryData(companyQueryOptions(companyId)))
    await Promise.all([
      orNotFound(queryClient.ensureInfiniteQueryData(teamsInfiniteQueryOptions(companyId))),
      queryClient.ensureInfiniteQueryData(usersInfiniteQueryOptions({ companyId })),
    ])
    return { companyId: company.id }
  },
  pendingComponent: () => <ListPending title="Company" label="Loading the company…" />,
  component: CompanyRoute,
})

function CompanyRoute() {
  const { companyId } = Route.useLoaderData()
  return <CompanyScreen companyId={companyId} />
}
