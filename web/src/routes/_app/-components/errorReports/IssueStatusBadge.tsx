import type { ErrorIssueStatus } from "@folio/core"
import { Badge } from "@mantine/core"

export const issueStatusLabels: Record<ErrorIssueStatus, string> = {
  unresolved: "Unresolved",
  resolved: "Resolved",
  ignored: "Ignored",
}

const colors: Record<ErrorIssueStatus, string> = { unresolved: "red", resolved: "teal", ignored: "gray" }

export const IssueStatusBadge = ({ status }: { readonly status: ErrorIssueStatus }) => (
  <Badge variant="light" radius="sm" color={colors[status]}>
    {issueStatusLabels[status]}
  </Badge>
)
