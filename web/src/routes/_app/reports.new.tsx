import { createFileRoute } from "@tanstack/react-router"
import { useGrant } from "./-components/directory/permissions"
import { ReportEditor } from "./-components/reports/editor/ReportEditor"
import { MayNotWrite } from "./-components/reports/MayNotWrite"

export const Route = createFileRoute("/_app/reports/new")({
  component: NewReportRoute,
})

function NewReportRoute() {
  const mayCreate = useGrant("reports.create") !== "none"
  return mayCreate ? <ReportEditor report={null} /> : <MayNotWrite />
}
