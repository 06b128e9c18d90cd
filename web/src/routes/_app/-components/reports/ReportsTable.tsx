import type { ReportId, ReportListItem } from "@folio/core"
import { Checkbox, Group, Stack, Text, VisuallyHidden } from "@mantine/core"
import { HoverTip } from "../../../../components/HoverTip"
import { StarIcon } from "../../../../components/icons"
import { PlainTable as Table } from "../../../../components/PlainTable"
import { AnchorLink } from "../directory/AnchorLink"
import { formatDateTime, formatRelative } from "../directory/format"
import { ReportStatusBadge, reportTypeLabels, TickerBadge } from "./badges"

const When = ({ at }: { readonly at: Date | null }) =>
  at === null ? (
    <Text component="span" c="dimmed" fz="sm">
      —
    </Text>
  ) : (
    <HoverTip label={formatDateTime(at)} openDelay={300}>
      <Text component="time" dateTime={at.toISOString()} fz="sm" style={{ whiteSpace: "nowrap" }}>
        {formatRelative(at)}
      </Text>
    </HoverTip>
  )

export const ReportTitleCell = ({ report }: { readonly report: ReportListItem }) => (
  <Stack gap={2} miw={0}>
    <Group gap={6} wrap="nowrap">
      <AnchorLink
        to="/reports/$reportId"
        params={{ reportId: report.id }}
        fw={600}
        fz="sm"
        style={{ overflowWrap: "anywhere" }}
      >
        {report.title}
      </AnchorLink>
      {report.favorite && (
        <Text component="span" c="yellow.6" lh={0} title="In your favorites">
          <StarIcon size={14} filled />
          <VisuallyHidden>(favorite)</VisuallyHidden>
        </Text>
      )}
    </Group>
    {report.summary !== "" && (
      <Text c="dimmed" fz="xs" lineClamp={1}>
        {report.summary}
      </Text>
    )}
  </Stack>
)

/**
 * The reports table. With `selection` a first column of checkboxes picks rows for bulk actions;
 * rows `selectable` refuses stay unchecked with the reason in a tooltip.
 */
export const ReportsTable = ({
  reports,
  label,
  dimmed = false,
  showStatus = true,
  selection,
}: {
  readonly reports: ReadonlyArray<ReportListItem>
  readonly label: string
  readonly dimmed?: boolean
  readonly showStatus?: boolean
  readonly selection?: {
    readonly selected: ReadonlySet<ReportId>
    readonly selectable: (report: ReportListItem) => string | null
    readonly onChange: (next: ReadonlySet<ReportId>) => void
  }
}) => {
  const pickable = selection ? reports.filter((report) => selection.selectable(report) === null) : []
  const pickedHere = selection ? pickable.filter((report) => selection.selected.has(report.id)).length : 0
  return (
    <Table minWidth={selection ? 980 : 940} highlightOnHover aria-label={label} opacity={dimmed ? 0.6 : 1}>
      <Table.Thead>
        <Table.Tr>
          {selection && (
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select all archivable reports shown"
                disabled={pickable.length === 0}
                checked={pickable.length > 0 && pickedHere === pickable.length}
                indeterminate={pickedHere > 0 && pickedHere < pickable.length}
                onChange={(event) => {
                  const next = new Set(selection.selected)
                  for (const report of pickable) {
                    if (event.currentTarget.checked) next.add(report.id)
                    else next.delete(report.id)
                  }
                  selection.onChange(next)
                }}
              />
            </Table.Th>
          )}
          <Table.Th>Title</Table.Th>
          {showStatus && <Table.Th>Status</Table.Th>}
          <Table.Th>Tickers</Table.Th>
          <Table.Th>Sector</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th>Authors</Table.Th>
          <Table.Th>Updated</Table.Th>
          <Table.Th>Published</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {reports.map((report) => {
          const refusal = selection?.selectable(report) ?? null
          return (
            <Table.Tr
              key={report.id}
              {...(selection?.selected.has(report.id) ? { bg: "var(--mantine-primary-color-light)" } : {})}
            >
              {selection && (
                <Table.Td>
                  <HoverTip label={refusal} disabled={refusal === null} openDelay={300}>
                    <Checkbox
                      aria-label={`Select ${report.title}`}
                      disabled={refusal !== null}
                      checked={selection.selected.has(report.id)}
                      onChange={(event) => {
                        const next = new Set(selection.selected)
                        if (event.currentTarget.checked) next.add(report.id)
                        else next.delete(report.id)
                        selection.onChange(next)
                      }}
                    />
                  </HoverTip>
                </Table.Td>
              )}
              <Table.Td maw={380}>
                <ReportTitleCell report={report} />
              </Table.Td>
              {showStatus && (
                <Table.Td>
                  <ReportStatusBadge status={report.status} />
                </Table.Td>
              )}
              <Table.Td>
                <Group gap={4}>
                  {report.tickers.length === 0 ? (
                    <Text c="dimmed" fz="sm">
                      —
                    </Text>
                  ) : (
                    report.tickers.slice(0, 4).map((symbol) => <TickerBadge key={symbol} symbol={symbol} />)
                  )}
                  {report.tickers.length > 4 && (
                    <Text c="dimmed" fz="xs">
                      +{report.tickers.length - 4}
                    </Text>
                  )}
                </Group>
              </Table.Td>
              <Table.Td fz="sm">{report.sector}</Table.Td>
              <Table.Td fz="sm">{reportTypeLabels[report.type]}</Table.Td>
              <Table.Td fz="sm" maw={200}>
                <Text fz="sm" lineClamp={2}>
                  {report.authors.map((author) => author.name).join(", ") || "—"}
                </Text>
              </Table.Td>
              <Table.Td>
                <When at={report.updatedAt} />
              </Table.Td>
              <Table.Td>
                <When at={report.publishedAt} />
              </Table.Td>
            </Table.Tr>
          )
        })}
      </Table.Tbody>
    </Table>
  )
}
