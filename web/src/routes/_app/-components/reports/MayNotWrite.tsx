import { type Report, statusLabels } from "@folio/core"
import { Paper, Stack, Title } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { EmptyList } from "../directory/layout"
import { ButtonLink } from "./ButtonLink"

/** The editor's address opened by someone whose role may not change this report (now). */
export const MayNotWrite = ({ report }: { readonly report?: Report }) => {
  useDocumentTitle("Not allowed · Folio")
  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>{report ? "Edit report" : "New report"}</Title>
      <Paper withBorder radius="lg" p="lg">
        <EmptyList
          title={report ? "You cannot edit this report" : "Your role does not write reports"}
          description={
            report
              ? `It is ${statusLabels[report.status].toLowerCase()}; analysts edit their own drafts, editors any report.`
              : "Analysts, editors and admins write reports."
          }
          action={
            report ? (
              <ButtonLink variant="default" to="/reports/$reportId" params={{ reportId: report.id }}>
                Back to the report
              </ButtonLink>
            ) : (
              <ButtonLink variant="default" to="/reports">
                Back to reports
              </ButtonLink>
            )
          }
        />
      </Paper>
    </Stack>
  )
}
