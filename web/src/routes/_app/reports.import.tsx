import { createFileRoute } from "@tanstack/react-router"
import { ReportImportScreen } from "./-components/reportImport/ReportImportScreen"

export const Route = createFileRoute("/_app/reports/import")({
  component: ReportImportScreen,
})
