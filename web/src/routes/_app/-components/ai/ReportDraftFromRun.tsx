import type { AiRunId } from "@folio/core"
import { Stack } from "@mantine/core"
import { useQuery } from "@tanstack/react-query"
import { aiRunQueryOptions } from "../../../../api/ai"
import { AnchorLink } from "../directory/AnchorLink"
import { InlineError, ListPending } from "../directory/layout"
import { ReportEditor } from "../reports/editor/ReportEditor"
import { draftTitle } from "./format"

/**
 * `/reports/new?fromRun=<id>`: a new report whose body is a saved AI run's answer, titled after
 * the run's report ("<title> — summary"). Nothing is saved until the person saves, as with any new
 * report.
 */
export const ReportDraftFromRun = ({ runId }: { readonly runId: AiRunId }) => {
  const run = useQuery(aiRunQueryOptions(runId))
  if (run.isPending) return <ListPending title="New report" label="Loading the AI answer…" />
  if (run.isError)
    return (
      <Stack gap="md" maw={720}>
        <InlineError error={run.error} onRetry={() => void run.refetch()} />
        <AnchorLink to="/reports/new" fz="sm">
          Start an empty report instead
        </AnchorLink>
      </Stack>
    )
  return <ReportEditor report={null} draft={{ title: draftTitle(run.data), body: run.data.output }} />
}
