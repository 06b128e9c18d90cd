import { issuesCsv as coreIssuesCsv, type ImportIssue } from "@folio/core"
import { Code, ScrollArea, Table, Text } from "@mantine/core"

/** Issues as CSV (file,line,field,message) with RFC 4180 quoting, ready to open in a spreadsheet. */
export const issuesCsv = (issues: ReadonlyArray<ImportIssue>): string => coreIssuesCsv(issues, "\r\n")

/** Offers text as a file download, named `name`. */
export const downloadText = (name: string, text: string, type = "text/csv;charset=utf-8"): void => {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement("a")
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

export const byPlace = (a: ImportIssue, b: ImportIssue): number =>
  a.file.localeCompare(b.file) || a.line - b.line || a.field.localeCompare(b.field)

/** Where and what: one row per problem, in file and line order; the first `limit` of them. */
export const IssuesTable = ({
  issues,
  label,
  withFile = true,
  limit = 500,
}: {
  readonly issues: ReadonlyArray<ImportIssue>
  readonly label: string
  readonly withFile?: boolean
  readonly limit?: number
}) => (
  <>
    <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
      <Table.ScrollContainer minWidth={0}>
        <Table aria-label={label} verticalSpacing={6} fz="sm" stickyHeader striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{withFile ? "File:line" : "Line"}</Table.Th>
              <Table.Th>Field</Table.Th>
              <Table.Th>Message</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {issues.slice(0, limit).map((issue, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one line may carry the same field twice
              <Table.Tr key={`${issue.file}:${issue.line}:${issue.field}:${index}`}>
                <Table.Td>
                  <Code style={{ whiteSpace: "nowrap" }}>
                    {withFile ? `${issue.file}:${issue.line}` : issue.line}
                  </Code>
                </Table.Td>
                <Table.Td>
                  <Code>{issue.field}</Code>
                </Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{issue.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ScrollArea.Autosize>
    {issues.length > limit && (
      <Text c="dimmed" fz="xs" mt={4}>
        Showing the first {limit.toLocaleString()} of {issues.length.toLocaleString()} problems; download them
        all as CSV.
      </Text>
    )}
  </>
)
