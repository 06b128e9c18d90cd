import { ReportId } from "@folio/core"
import { createFileRoute } from "@tanstack/react-router"
import { reportQueryOptions } from "../../api/reports"
import { ListPending } from "./-components/directory/layout"
import { idOrNotFound, orNotFound } from "./-components/directory/routing"
import { ReportScreen } from "./-components/reports/ReportScreen"

export const Route = createFileRoute("/_app/reports/$reportId/")({
  loader: async ({ context: { queryClient }, params }) => {
    const reportId = idOrNotFound(ReportId, params.reportId)
    await orNotFound(queryClient.ensureQueryData(reportQueryOptions(reportId)))
    return { reportId }
  },
  pendingComponent: () => <ListPending title="Report" label="Loading the report…" />,
  component: ReportRoute,
})

function ReportRoute() {
  const { reportId } = Route.useLoaderData()
  return <ReportScreen reportId={reportId} />
}
