import { type Analytics, lastDays, readershipChannelLabels } from "@folio/core"
import { Button, Paper, SimpleGrid, Stack, Text } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { keepPreviousData, useQuery } from "@tanstack/react-query"
import { analyticsQueryOptions } from "../../../../api/readership"
import { AnchorLink } from "../directory/AnchorLink"
import { formatDate, slugify } from "../directory/format"
import { EmptyList, InlineError, PageHeader, SectionPending } from "../directory/layout"
import { useGrant } from "../directory/permissions"
import { Breakdown, type Column, countColumn } from "./Breakdown"
import { DrillTrail } from "./DrillTrail"
import { csvName, formatDay, formatRange } from "./format"
import { OverTime } from "./OverTime"
import { RangePicker } from "./RangePicker"
import { type AnalyticsSearch, analyticsQueryOf } from "./search"
import { Totals } from "./Totals"

type Row<
  K extends "topReports" | "byCompany" | "byTeam" | "readers" | "byChannel" | "bySector" | "byAnalyst",
> = Analytics[K][number]

const views = <R extends { readonly views: number }>() => countColumn<R>("Views", (row) => row.views)
const reads = <R extends { readonly reads: number }>() => countColumn<R>("Reads", (row) => row.reads)

const isEmpty = (analytics: Analytics): boolean =>
  Object.values(analytics.totals).every((count) => count === 0)

/**
 * `/analytics`: readership over a date range, answered from the daily rollups. The range, the
 * company and the team drilled into are in the URL; every table exports as CSV.
 */
export const AnalyticsScreen = ({
  search,
  onSearchChange,
}: {
  readonly search: AnalyticsSearch
  readonly onSearchChange: (next: AnalyticsSearch) => void
}) => {
  const own = useGrant("analytics.view") === "own"
  const query = analyticsQueryOf(search)
  // The last answer stays up (dimmed) while another range or drill-down loads.
  const answer = useQuery({ ...analyticsQueryOptions(query), placeholderData: keepPreviousData })
  const analytics = answer.data
  const updating = answer.isPlaceholderData
  const place = search.team !== undefined ? analytics?.team?.name : analytics?.company?.name
  useDocumentTitle(place === undefined ? "Analytics · Folio" : `${place} · Analytics · Folio`)

  const scopeOwn = analytics === undefined ? own : analytics.scope === "own"
  const narrowedTo = analytics?.team?.name ?? analytics?.company?.name
  const fileName = (table: string) =>
    csvName(table, query, narrowedTo === undefined ? undefined : slugify(narrowedTo))
  const drill = (next: Pick<AnalyticsSearch, "company" | "team">): AnalyticsSearch => ({ ...search, ...next })

  const header = (
    <>
      <PageHeader
        title="Analytics"
        description={
          scopeOwn
            ? "Readership of your reports: who opens and reads them, and through which channel."
            : "Who opens and reads the research, through which channel, over any range."
        }
      />
      <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
        <Stack gap="xs">
          <RangePicker
            range={query}
            onChange={(range) => onSearchChange({ ...search, from: range.from, to: range.to })}
          />
          <Text fz="sm" c="dimmed" aria-live="polite">
            {formatRange(query)} (UTC){updating ? " · updating…" : ""}
          </Text>
        </Stack>
      </Paper>
      {search.company !== undefined && (
        <DrillTrail search={search} company={analytics?.company ?? null} team={analytics?.team ?? null} />
      )}
    </>
  )

  if (answer.isError && analytics === undefined)
    return (
      <Stack gap="lg" maw={1200}>
        {header}
        <InlineError error={answer.error} onRetry={() => void answer.refetch()} />
        {search.company !== undefined && (
          <AnchorLink to="/analytics" search={drill({ company: undefined, team: undefined })} fz="sm">
            Show every company instead
          </AnchorLink>
        )}
      </Stack>
    )

  if (analytics === undefined)
    return (
      <Stack gap="lg" maw={1200}>
        {header}
        <Totals totals={undefined} own={own} />
        <OverTime analytics={undefined} />
        <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
          <SectionPending label="Loading the breakdowns…" rows={4} />
        </Paper>
      </Stack>
    )

  const companyColumns: ReadonlyArray<Column<Row<"byCompany">>> = [
    {
      header: "Company",
      cell: (row) => (
        <AnchorLink to="/analytics" search={drill({ company: row.id, team: undefined })}>
          {row.name}
        </AnchorLink>
      ),
      csv: (row) => row.name,
    },
    views(),
    reads(),
  ]
  const teamColumns: ReadonlyArray<Column<Row<"byTeam">>> = [
    {
      header: "Team",
      cell: (row) =>
        row.id === null ? (
          <Text component="span" fz="sm" fs="italic">
            {row.name}
          </Text>
        ) : (
          <AnchorLink to="/analytics" search={drill({ company: search.company, team: row.id })}>
            {row.name}
          </AnchorLink>
        ),
      csv: (row) => row.name,
    },
    views(),
    reads(),
  ]
  const readerColumns: ReadonlyArray<Column<Row<"readers">>> = [
    {
      header: "Reader",
      cell: (row) => (
        <>
          <Text component="span" fz="sm" fw={500} display="block">
            {row.name}
          </Text>
          <Text component="span" fz="xs" c="dimmed" display="block" style={{ overflowWrap: "anywhere" }}>
            {row.email}
          </Text>
        </>
      ),
      csv: (row) => row.name,
    },
    views(),
    reads(),
    {
      header: "Last seen",
      cell: (row) => <span style={{ whiteSpace: "nowrap" }}>{formatDay(row.lastDay)}</span>,
      csv: (row) => row.lastDay,
      wide: true,
    },
  ]
  const reportColumns: ReadonlyArray<Column<Row<"topReports">>> = [
    {
      header: "Report",
      cell: (row) => (
        <AnchorLink to="/reports/$reportId" params={{ reportId: row.id }}>
          {row.title}
        </AnchorLink>
      ),
      csv: (row) => row.title,
    },
    { header: "Sector", cell: (row) => row.sector, csv: (row) => row.sector, wide: true },
    {
      header: "Published",
      cell: (row) => (
        <span style={{ whiteSpace: "nowrap" }}>
          {row.publishedAt === null ? "—" : formatDate(row.publishedAt)}
        </span>
      ),
      csv: (row) => row.publishedAt?.toISOString() ?? null,
      wide: true,
    },
    views(),
    reads(),
  ]
  const channelColumns: ReadonlyArray<Column<Row<"byChannel">>> = [
    {
      header: "Channel",
      cell: (row) => readershipChannelLabels[row.channel],
      csv: (row) => readershipChannelLabels[row.channel],
    },
    views(),
    reads(),
  ]
  const sectorColumns: ReadonlyArray<Column<Row<"bySector">>> = [
    { header: "Sector", cell: (row) => row.sector, csv: (row) => row.sector },
    views(),
    reads(),
  ]
  const analystColumns: ReadonlyArray<Column<Row<"byAnalyst">>> = [
    { header: "Analyst", cell: (row) => row.name, csv: (row) => row.name },
    views(),
    reads(),
  ]

  const rangeEmpty = "No readership in this range."
  return (
    <Stack gap="lg" maw={1200}>
      {header}
      {answer.isError && <InlineError error={answer.error} onRetry={() => void answer.refetch()} />}
      <Stack
        gap="lg"
        aria-busy={updating}
        style={{ opacity: updating ? 0.6 : 1, transition: "opacity 150ms" }}
      >
        {isEmpty(analytics) ? (
          <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
            <EmptyList
              title="No readership in this range"
              description={
                <>
                  {scopeOwn ? "Nobody opened your reports " : "Nobody opened a report "}
                  {analytics.team !== null
                    ? `in ${analytics.team.name} `
                    : analytics.company !== null
                      ? `at ${analytics.company.name} `
                      : ""}
                  between {formatRange(analytics)}. A read counts once a report has been on screen for 16
                  seconds, and figures arrive a minute after. Try a longer range.
                </>
              }
              action={
                query.from === lastDays(365).from && query.to === lastDays(365).to ? undefined : (
                  <Button variant="default" onClick={() => onSearchChange({ ...search, ...lastDays(365) })}>
                    Show the last 12 months
                  </Button>
                )
              }
            />
          </Paper>
        ) : (
          <>
            <Totals totals={analytics.totals} own={scopeOwn} />
            <OverTime analytics={analytics} />
            <Breakdown
              id="analytics-top-reports"
              title="Top reports"
              description="The most read reports of the range."
              rows={analytics.topReports}
              rowKey={(row) => row.id}
              columns={reportColumns}
              csvExtra={[{ header: "Report id", csv: (row) => row.id }]}
              fileName={fileName("top-reports")}
              empty="No report was opened in this range."
            />
            {analytics.company === null ? (
              <Breakdown
                id="analytics-by-company"
                title="By company"
                description="Client companies by reads. Open one for its teams and readers."
                rows={analytics.byCompany}
                rowKey={(row) => row.id}
                columns={companyColumns}
                csvExtra={[{ header: "Company id", csv: (row) => row.id }]}
                fileName={fileName("by-company")}
                empty={rangeEmpty}
              />
            ) : (
              <SimpleGrid cols={{ base: 1, lg: analytics.team === null ? 2 : 1 }} spacing="lg">
                {analytics.team === null && (
                  <Breakdown
                    id="analytics-by-team"
                    title="By team"
                    description={`Teams of ${analytics.company.name}. Open one for its readers.`}
                    rows={analytics.byTeam}
                    rowKey={(row) => row.id ?? "no-team"}
                    columns={teamColumns}
                    csvExtra={[{ header: "Team id", csv: (row) => row.id }]}
                    fileName={fileName("by-team")}
                    empty={rangeEmpty}
                  />
                )}
                <Breakdown
                  id="analytics-readers"
                  title="Readers"
                  description={`People of ${analytics.team?.name ?? analytics.company.name} who opened a report.`}
                  rows={analytics.readers}
                  rowKey={(row) => row.id}
                  columns={readerColumns}
                  csvExtra={[
                    { header: "Email", csv: (row) => row.email },
                    { header: "User id", csv: (row) => row.id },
                  ]}
                  fileName={fileName("readers")}
                  empty={rangeEmpty}
                />
              </SimpleGrid>
            )}
            <SimpleGrid cols={{ base: 1, lg: scopeOwn ? 2 : 3 }} spacing="lg">
              <Breakdown
                id="analytics-by-channel"
                title="By channel"
                rows={analytics.byChannel}
                rowKey={(row) => row.channel}
                columns={channelColumns}
                fileName={fileName("by-channel")}
                empty={rangeEmpty}
              />
              <Breakdown
                id="analytics-by-sector"
                title="By sector"
                rows={analytics.bySector}
                rowKey={(row) => row.sector}
                columns={sectorColumns}
                fileName={fileName("by-sector")}
                empty={rangeEmpty}
              />
              {!scopeOwn && (
                <Breakdown
                  id="analytics-by-analyst"
                  title="By analyst"
                  rows={analytics.byAnalyst}
                  rowKey={(row) => row.id}
                  columns={analystColumns}
                  csvExtra={[{ header: "Analyst id", csv: (row) => row.id }]}
                  fileName={fileName("by-analyst")}
                  empty={rangeEmpty}
                />
              )}
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Stack>
  )
}
