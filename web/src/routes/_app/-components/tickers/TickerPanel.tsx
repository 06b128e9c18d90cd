import type { ReportListItem, ReportStatus, Ticker } from "@folio/core"
import { Badge, Button, Drawer, Group, Skeleton, Stack, Text, Title } from "@mantine/core"
import { useMediaQuery } from "@mantine/hooks"
import { useQuery } from "@tanstack/react-query"
import { reportsPreviewQueryOptions } from "../../../../api/reports"
import { tickerQueryOptions } from "../../../../api/tickers"
import { InfoList } from "../../../-components/InfoList"
import { AnchorLink } from "../directory/AnchorLink"
import { formatDate, plural } from "../directory/format"
import { EmptyList, InlineError } from "../directory/layout"
import { TickerCoverage } from "./TickerCoverage"
import { TickerHeadlineKpis } from "./TickerHeadlineKpis"

export const reportStatusLabels: Record<ReportStatus, { readonly label: string; readonly color: string }> = {
  draft: { label: "Draft", color: "gray" },
  in_review: { label: "In review", color: "yellow" },
  approved: { label: "Approved", color: "blue" },
  scheduled: { label: "Scheduled", color: "violet" },
  published: { label: "Published", color: "teal" },
  archived: { label: "Archived", color: "dark" },
}

export const ReportStatusBadge = ({ status }: { readonly status: ReportStatus }) => (
  <Badge variant="light" radius="sm" color={reportStatusLabels[status].color} style={{ flex: "none" }}>
    {reportStatusLabels[status].label}
  </Badge>
)

const reportDate = (report: ReportListItem): Date => report.publishedAt ?? report.updatedAt

const TickerReports = ({ symbol, count }: { readonly symbol: string; readonly count: number }) => {
  const reports = useQuery(reportsPreviewQueryOptions({ ticker: symbol, sort: "-updatedAt" }, 10))
  if (reports.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading reports">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={44} radius="sm" />
        ))}
      </Stack>
    )
  }
  if (reports.isError) return <InlineError error={reports.error} onRetry={() => void reports.refetch()} />
  const items = reports.data.items
  if (items.length === 0) {
    return <EmptyList title="No reports yet" description={`No report you may read covers ${symbol}.`} />
  }
  return (
    <Stack gap={4}>
      <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {items.map((report) => (
          <Group
            component="li"
            key={report.id}
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            py={8}
            style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
          >
            <Stack gap={2} miw={0}>
              <AnchorLink
                to="/reports/$reportId"
                params={{ reportId: report.id }}
                fz="sm"
                fw={600}
                lineClamp={2}
              >
                {report.title}
              </AnchorLink>
              <Text c="dimmed" fz="xs">
                {formatDate(reportDate(report))} · {report.type}
              </Text>
            </Stack>
            <ReportStatusBadge status={report.status} />
          </Group>
        ))}
      </Stack>
      {(reports.data.nextCursor !== null || count > items.length) && (
        <AnchorLink to="/reports" search={{ ticker: symbol }} fz="sm" mt="xs">
          All {count > items.length ? plural(count, "report") : "reports"} on {symbol}
        </AnchorLink>
      )}
    </Stack>
  )
}

const Details = ({ ticker }: { readonly ticker: Ticker }) => (
  <InfoList
    rows={[
      { label: "Exchange", value: ticker.exchange },
      { label: "Sector", value: ticker.sector },
      { label: "Currency", value: ticker.currency },
      { label: "Country", value: ticker.country },
      {
        label: "Paid relationship",
        value: ticker.paidRelationship ? "Yes: counted apart in the rating distribution" : "No",
      },
      { label: "Added", value: formatDate(ticker.createdAt) },
      { label: "Updated", value: formatDate(ticker.updatedAt) },
    ]}
  />
)

/**
 * A ticker's details, its coverage, headline KPIs and the reports about it, beside the list (its
 * symbol is in the URL).
 */
export const TickerPanel = ({
  symbol,
  onClose,
  onEdit,
}: {
  readonly symbol: string | undefined
  readonly onClose: () => void
  readonly onEdit: ((ticker: Ticker) => void) | undefined
}) => {
  const isPhone = useMediaQuery("(max-width: 36em)")
  const ticker = useQuery({ ...tickerQueryOptions(symbol ?? ""), enabled: symbol !== undefined })
  return (
    <Drawer
      opened={symbol !== undefined}
      onClose={onClose}
      position="right"
      size={isPhone ? "100%" : "md"}
      closeButtonProps={{ "aria-label": "Close the ticker" }}
      title={
        <Title order={2} fz="h3">
          {symbol}
        </Title>
      }
    >
      {symbol !== undefined &&
        (ticker.isPending ? (
          <Stack gap="sm" role="status" aria-label="Loading the ticker">
            <Skeleton height={24} width="60%" />
            <Skeleton height={120} />
          </Stack>
        ) : ticker.isError ? (
          <InlineError error={ticker.error} onRetry={() => void ticker.refetch()} />
        ) : (
          <Stack gap="lg">
            <Stack gap={6}>
              <Text fz="lg" fw={600}>
                {ticker.data.name}
              </Text>
              <Group gap="xs">
                <Badge variant="light" radius="sm" color={ticker.data.active ? "teal" : "gray"}>
                  {ticker.data.active ? "Active" : "Inactive"}
                </Badge>
                <Badge variant="outline" radius="sm" color="gray">
                  {plural(ticker.data.reportCount, "report")}
                </Badge>
                {ticker.data.paidRelationship && (
                  <Badge variant="outline" radius="sm" color="grape">
                    Paid relationship
                  </Badge>
                )}
              </Group>
            </Stack>
            <Details ticker={ticker.data} />
            {onEdit && (
              <Group>
                <Button variant="default" onClick={() => onEdit(ticker.data)}>
                  Edit ticker
                </Button>
              </Group>
            )}
            <Stack gap="xs" component="section" aria-labelledby="ticker-coverage">
              <Title order={3} fz="h5" id="ticker-coverage">
                Coverage
              </Title>
              <TickerCoverage symbol={ticker.data.symbol} />
            </Stack>
            <Stack gap="xs" component="section" aria-labelledby="ticker-kpis">
              <Title order={3} fz="h5" id="ticker-kpis">
                Headline KPIs
              </Title>
              <TickerHeadlineKpis symbol={ticker.data.symbol} />
            </Stack>
            <Stack gap="xs" component="section" aria-labelledby="ticker-reports">
              <Title order={3} fz="h5" id="ticker-reports">
                Reports
              </Title>
              <TickerReports symbol={ticker.data.symbol} count={ticker.data.reportCount} />
            </Stack>
          </Stack>
        ))}
    </Drawer>
  )
}
