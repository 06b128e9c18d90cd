import { ReportId } from "@folio/core"
import { useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute } from "@tanstack/react-router"
import { reportQueryOptions } from "../../api/reports"
import { ListPending } from "./-components/directory/layout"
import { useMe } from "./-components/directory/permissions"
import { idOrNotFound, orNotFound } from "./-components/directory/routing"
import { ReportEditor } from "./-components/reports/editor/ReportEditor"
import { MayNotWrite } from "./-components/reports/MayNotWrite"
import { mayEdit } from "./-components/reports/permissions"

export const Route = createFileRoute("/_app/reports/$reportId/edit")({
  loader: async ({ context: { queryClient }, params }) => {
    const reportId = idOrNotFound(ReportId, params.reportId)
    await orNotFound(queryClient.ensureQueryData(reportQueryOptions(reportId)))
    return { reportId }
  },
  pendingComponent: () => <ListPending title="Edit report" label="Loading the report…" />,
  component: EditReportRoute,
})

function EditReportRoute() {
  const { reportId } = Route.useLoaderData()
  const me = useMe()
  const { data: report } = useSuspenseQuery(reportQueryOptions(reportId))
  if (!mayEdit(me, report)) return <MayNotWrite report={report} />
  return <ReportEditor key={report.id} report={report} />
}
