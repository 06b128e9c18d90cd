import { ErrorIssueId } from "@folio/core"
import { createFileRoute } from "@tanstack/react-router"
import { errorIssueQueryOptions } from "../../api/errorReports"
import { meQueryOptions } from "../../api/session"
import { ListPending } from "./-components/directory/layout"
import { idOrNotFound, orNotFound } from "./-components/directory/routing"
import { mayReadErrorReports } from "./-components/errorReports/access"
import { IssueScreen } from "./-components/errorReports/IssueScreen"

export const Route = createFileRoute("/_app/developer/reports/$issueId")({
  loader: async ({ context: { queryClient }, params }) => {
    const issueId = idOrNotFound(ErrorIssueId, params.issueId)
    const me = await queryClient.ensureQueryData(meQueryOptions())
    if (mayReadErrorReports(me))
      await orNotFound(queryClient.ensureQueryData(errorIssueQueryOptions(issueId)))
    return { issueId }
  },
  pendingComponent: () => <ListPending title="Error report" label="Loading the issue…" />,
  component: IssueRoute,
})

function IssueRoute() {
  const { issueId } = Route.useLoaderData()
  return <IssueScreen issueId={issueId} />
}
