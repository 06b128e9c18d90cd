import type { AnalyticsReportRow, AnalyticsTotals } from "@folio/core"
import { Box, Group, SimpleGrid, Stack, Text } from "@mantine/core"
import type { ReactNode } from "react"
import { plural } from "../directory/format"
import { ReportLink } from "./ReportRow"
import { ShareBar, TileList } from "./Tile"

/** Views, reads and readers of a range, as three labelled figures (a description list). */
export const ReadershipFigures = ({ totals }: { readonly totals: AnalyticsTotals }) => (
  <SimpleGrid component="dl" cols={3} spacing="xs" m={0}>
    {(
      [
        ["Views", totals.views],
        ["Reads", totals.reads],
        ["Readers", totals.readers],
      ] as const
    ).map(([label, value]) => (
      <Box key={label} miw={0}>
        <Text component="dt" fz="xs" c="dimmed">
          {label}
        </Text>
        <Text component="dd" m={0} fz={22} fw={700} lh={1.2}>
          {value.toLocaleString()}
        </Text>
      </Box>
    ))}
  </SimpleGrid>
)

/** Rows named by a report or a team, each with its reads, views and a bar of its share of reads. */
export interface ReadRow {
  readonly key: string
  readonly name: ReactNode
  readonly views: number
  readonly reads: number
}

export const ReadRows = ({
  label,
  rows,
}: {
  readonly label: string
  readonly rows: ReadonlyArray<ReadRow>
}) => {
  const most = Math.max(0, ...rows.map((row) => row.reads))
  return (
    <TileList label={label}>
      {rows.map((row) => (
        <Stack key={row.key} component="li" gap={4}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            {row.name}
            <Text component="span" fz="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
              {plural(row.reads, "read")} · {plural(row.views, "view")}
            </Text>
          </Group>
          <ShareBar value={row.reads} max={most} />
        </Stack>
      ))}
    </TileList>
  )
}

/** The most read reports of a range, at most `max`, each a link to the report. */
export const TopReports = ({
  reports,
  max = 5,
  label = "Top reports",
}: {
  readonly reports: ReadonlyArray<AnalyticsReportRow>
  readonly max?: number
  readonly label?: string
}) => (
  <ReadRows
    label={label}
    rows={reports.slice(0, max).map((report) => ({
      key: report.id,
      name: <ReportLink id={report.id} title={report.title} />,
      views: report.views,
      reads: report.reads,
    }))}
  />
)
