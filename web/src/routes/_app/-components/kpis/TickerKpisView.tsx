import { NotFound } from "@folio/core"
import { Group, Paper, Skeleton, Stack, Text } from "@mantine/core"
import { useQuery } from "@tanstack/react-query"
import type { ReactNode } from "react"
import { tickerKpisQueryOptions } from "../../../../api/kpis"
import { AnchorLink } from "../directory/AnchorLink"
import { plural } from "../directory/format"
import { EmptyList, InlineError } from "../directory/layout"
import { MetricCard } from "./MetricCard"

const Pending = ({ symbol }: { readonly symbol: string }) => (
  <Stack gap="md" role="status" aria-label={`Loading the KPIs of ${symbol}`}>
    {[0, 1].map((card) => (
      <Paper key={card} withBorder radius="lg" p="lg" aria-hidden="true">
        <Skeleton height={22} width="40%" radius="sm" mb="md" />
        <Skeleton height={180} radius="md" />
      </Paper>
    ))}
  </Stack>
)

/**
 * One ticker's KPIs, a card per metric. Its own loading and error states: the picker above stays
 * usable while another ticker loads.
 */
export const TickerKpisView = ({
  symbol,
  importAction,
}: {
  readonly symbol: string
  /** The import button, for those who may import: offered when the ticker has nothing yet. */
  readonly importAction?: ReactNode
}) => {
  const kpis = useQuery(tickerKpisQueryOptions(symbol))
  if (kpis.isPending) return <Pending symbol={symbol} />
  const empty = (
    <Paper withBorder radius="lg">
      <EmptyList
        title={`No KPIs for ${symbol}`}
        description={
          importAction === undefined
            ? "Nobody has imported values for this ticker yet."
            : "Import a CSV with this ticker's metrics to see them here."
        }
        action={importAction}
      />
    </Paper>
  )
  if (kpis.isError) {
    if (kpis.error instanceof NotFound) return empty
    return <InlineError error={kpis.error} onRetry={() => void kpis.refetch()} />
  }
  const { metrics } = kpis.data
  if (metrics.length === 0) return empty
  return (
    <Stack gap="md">
      <Group gap="xs" justify="space-between">
        <Group gap={6}>
          <Text fz="sm" fw={600}>
            {kpis.data.tickerName}
          </Text>
          <Text fz="sm" c="dimmed">
            · {plural(metrics.length, "metric")} ·
          </Text>
          <AnchorLink to="/tickers" search={{ symbol }} fz="sm">
            Open {symbol} in Tickers
          </AnchorLink>
        </Group>
        <Text fz="xs" c="dimmed">
          Surprise = (actual − estimate) ÷ |estimate|
        </Text>
      </Group>
      {metrics.map((metric) => (
        <MetricCard key={metric.id} metric={metric} />
      ))}
    </Stack>
  )
}
