import type { KpiMetric } from "@folio/core"
import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core"
import { lazy, Suspense, useState } from "react"
import { ChartBoundary } from "../../../../components/ChartBoundary"
import { formatKpiValue, frequencyLabels } from "./format"
import { MetricTable } from "./MetricTable"
import { Surprise } from "./Surprise"

const loadChart = () => import("./MetricChart")

/** The chart's code (recharts) loads with the first card that needs it, never before /kpis. */
const SharedChart = lazy(loadChart)

/** MetricChart's height (its chartHeight), so the placeholder takes the same room. */
const chartHeight = 280

/** The newest period holding an actual: what a reader looks for first. */
const latestActual = (metric: KpiMetric) => metric.values.findLast((row) => row.actual !== null)

/** One metric: its name, unit and frequency, the chart of actual against estimate, and the table. */
export const MetricCard = ({ metric }: { readonly metric: KpiMetric }) => {
  // React.lazy keeps a failed load: "Try again" makes a new one, and its key remounts the boundary.
  const [chart, setChart] = useState(() => ({ Chart: SharedChart, attempt: 0 }))
  const { Chart } = chart
  const latest = latestActual(metric)
  const headingId = `kpi-metric-${metric.id}`
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      component="section"
      aria-labelledby={headingId}
    >
      <Group justify="space-between" align="flex-start" gap="xs" mb="md">
        <Stack gap={4} miw={0}>
          <Group gap="xs" align="center">
            <Title order={2} fz="h4" id={headingId} style={{ overflowWrap: "anywhere" }}>
              {metric.name}
            </Title>
            <Badge variant="default" radius="sm" tt="none">
              {metric.unit}
            </Badge>
            <Badge variant="light" color="gray" radius="sm" tt="none">
              {frequencyLabels[metric.frequency]}
            </Badge>
          </Group>
          <Text fz="sm" c="dimmed">
            {metric.values.length === 1 ? "1 period" : `${metric.values.length} periods`}
            {latest === undefined ? " · no actual yet" : ""}
          </Text>
        </Stack>
        {latest !== undefined && latest.actual !== null && (
          <Stack gap={0} align="flex-end">
            <Text fz="xs" c="dimmed">
              Latest actual, {latest.period}
            </Text>
            <Group gap={8} wrap="nowrap">
              <Text fw={700} fz="lg" style={{ fontVariantNumeric: "tabular-nums" }}>
                {formatKpiValue(latest.actual, metric.unit)}
                {metric.unit === "%" ? "" : ` ${metric.unit}`}
              </Text>
              <Surprise surprise={latest.surprise} />
            </Group>
          </Stack>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <figure
          aria-label={`${metric.name}: actual and estimate by period`}
          style={{ margin: 0, minWidth: 0 }}
        >
          <ChartBoundary
            height={chartHeight}
            key={chart.attempt}
            onRetry={() => setChart(({ attempt }) => ({ Chart: lazy(loadChart), attempt: attempt + 1 }))}
          >
            <Suspense
              fallback={
                <div role="status" aria-label={`Loading the chart of ${metric.name}`}>
                  <Skeleton h={chartHeight} radius="md" />
                </div>
              }
            >
              <Chart metric={metric} />
            </Suspense>
          </ChartBoundary>
        </figure>
        <MetricTable metric={metric} />
      </SimpleGrid>
    </Paper>
  )
}
