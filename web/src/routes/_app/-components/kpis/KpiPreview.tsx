import type { ImportIssue, KpiImportRow } from "@folio/core"
import { Alert, Badge, Button, Group, SegmentedControl, Stack, Table, Text } from "@mantine/core"
import { useState } from "react"
import { AlertIcon, CheckIcon } from "../../../../components/icons"
import { plural } from "../directory/format"
import { downloadText, IssuesTable, issuesCsv } from "../reportImport/issues"
import { formatKpiValue } from "./format"

/** A KPI CSV read in the browser with core's parseKpiCsv. */
export interface KpiCsvPreview {
  readonly name: string
  readonly rows: ReadonlyArray<KpiImportRow>
  readonly issues: ReadonlyArray<ImportIssue>
  readonly total: number
  readonly headerRefused: boolean
}

/** How many rows the preview lists; the import sends them all. */
const shownRows = 200

const RowsTable = ({ rows }: { readonly rows: ReadonlyArray<KpiImportRow> }) => (
  <>
    <Table.ScrollContainer minWidth={620} mah={280} type="native">
      <Table aria-label="Values to import" fz="sm" verticalSpacing={4} stickyHeader striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>Ticker</Table.Th>
            <Table.Th>Metric</Table.Th>
            <Table.Th>Period</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th ta="right">Value</Table.Th>
            <Table.Th>Unit</Table.Th>
            <Table.Th>Source</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.slice(0, shownRows).map(({ line, value }) => (
            <Table.Tr key={line}>
              <Table.Td c="dimmed">{line}</Table.Td>
              <Table.Td fw={600}>{value.ticker}</Table.Td>
              <Table.Td>{value.metric}</Table.Td>
              <Table.Td>{value.period}</Table.Td>
              <Table.Td>{value.kind}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: "tabular-nums" }}>
                {formatKpiValue(value.value, "")}
              </Table.Td>
              <Table.Td>{value.unit ?? ""}</Table.Td>
              <Table.Td>{value.source ?? ""}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
    {rows.length > shownRows && (
      <Text c="dimmed" fz="xs">
        Showing the first {shownRows.toLocaleString()} of {rows.length.toLocaleString()} values; all of them
        are imported.
      </Text>
    )}
  </>
)

/** The file as read: counts, the header's or the rows' problems by line and field, and the good rows. */
export const KpiPreview = ({ csv }: { readonly csv: KpiCsvPreview }) => {
  const invalidLines = new Set(csv.issues.map((issue) => issue.line)).size
  const [view, setView] = useState<"problems" | "rows">(csv.issues.length > 0 ? "problems" : "rows")
  return (
    <Stack gap="sm" component="section" aria-label="Preview">
      <Group gap="xs">
        <Text fw={600} fz="sm" style={{ overflowWrap: "anywhere" }}>
          {csv.name}
        </Text>
        <Badge variant="light" color="gray" radius="sm">
          {plural(csv.total, "row")}
        </Badge>
        <Badge variant="light" color="teal" radius="sm">
          {csv.rows.length.toLocaleString()} valid
        </Badge>
        {csv.issues.length > 0 && (
          <Badge variant="light" color="red" radius="sm">
            {plural(invalidLines, "line")} with problems
          </Badge>
        )}
      </Group>
      {csv.headerRefused ? (
        <>
          <Alert
            color="red"
            variant="light"
            icon={<AlertIcon />}
            role="alert"
            title="The header is not right"
          >
            Nothing in this file can be imported until its header row names the columns below. Download the
            template to see it.
          </Alert>
          <IssuesTable issues={csv.issues} label="Problems" withFile={false} />
        </>
      ) : (
        <>
          <Group justify="space-between" gap="xs">
            <SegmentedControl
              size="xs"
              value={view}
              onChange={(next) => setView(next === "rows" ? "rows" : "problems")}
              data={[
                { value: "problems", label: `Problems (${csv.issues.length.toLocaleString()})` },
                { value: "rows", label: `Valid values (${csv.rows.length.toLocaleString()})` },
              ]}
            />
            {csv.issues.length > 0 && (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => downloadText("kpi-import-problems.csv", issuesCsv(csv.issues))}
              >
                Download problems (CSV)
              </Button>
            )}
          </Group>
          {view === "rows" ? (
            <RowsTable rows={csv.rows} />
          ) : csv.issues.length === 0 ? (
            <Alert color="teal" variant="light" icon={<CheckIcon />}>
              Every row passed the checks. The server still checks what only it knows: that the tickers exist,
              that units match the metrics already defined, and what you may import.
            </Alert>
          ) : (
            <>
              <Text fz="sm">These lines are left out; the other rows can be imported as they are.</Text>
              <IssuesTable issues={csv.issues} label="Problems" withFile={false} />
            </>
          )}
        </>
      )}
    </Stack>
  )
}
