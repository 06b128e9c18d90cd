import { AiRunId } from "@folio/core"
import { createFileRoute } from "@tanstack/react-router"
import { ReportDraftFromRun } from "./-components/ai/ReportDraftFromRun"
import { useGrant } from "./-components/directory/permissions"
import { searchParam } from "./-components/directory/search"
import { ReportEditor } from "./-components/reports/editor/ReportEditor"
import { MayNotWrite } from "./-components/reports/MayNotWrite"

export const Route = createFileRoute("/_app/reports/new")({
  // `fromRun`: start from an AI playground run's answer (its body, and a title after its report).
  validateSearch: (search: Record<string, unknown>): { fromRun?: AiRunId | undefined } => ({
    fromRun: searchParam(AiRunId, search.fromRun),
  }),
  component: NewReportRoute,
})

function NewReportRoute() {
  const mayCreate = useGrant("reports.create") !== "none"
  const { fromRun } = Route.useSearch()
  if (!mayCreate) return <MayNotWrite />
  return fromRun === undefined ? <ReportEditor report={null} /> : <ReportDraftFromRun runId={fromRun} />
}
