import { type KpiMetric, type KpiPeriodValues, kpiSurprise, NotFound } from "@folio/core"
import { Badge, Group, Skeleton, Stack, Text } from "@mantine/core"
import { useQuery } from "@tanstack/react-query"
import { tickerKpisQueryOptions } from "../../../../api/kpis"
import { AnchorLink } from "../directory/AnchorLink"
import { plural } from "../directory/format"
import { EmptyList, InlineError } from "../directory/layout"

/** The metrics shown in the panel; the rest are on /kpis. */
const headlineCount = 4

const number = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 })
const percent = new Intl.NumberFormat(undefined, {
  style: "percent",
  maximumFractionDigits: 1,
  signDisplay: "exceptZero",
})

const withUnit = (value: number, unit: string): string =>
  unit === "%" ? `${number.format(value)}%` : `${number.format(value)} ${unit}`

/** The newest period with an actual, else the newest with an estimate (values are oldest first). */
const latest = (metric: KpiMetric): KpiPeriodValues | undefined =>
  metric.values.findLast((value) => value.actual !== null) ?? metric.values.at(-1)

const Surprise = ({ surprise }: { readonly surprise: number | null }) =>
  surprise === null ? null : (
    <Badge
      variant="light"
      radius="sm"
      color={surprise > 0 ? "teal" : surprise < 0 ? "red" : "gray"}
      style={{ flex: "none" }}
      title="Surprise: (actual − estimate) / |estimate|"
    >
      {percent.format(surprise)}
    </Badge>
  )

const Metric = ({ metric }: { readonly metric: KpiMetric }) => {
  const period = latest(metric)
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py={8}
      style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
    >
      <Stack gap={2} miw={0}>
        <Text fz="sm" fw={600}>
          {metric.name}
          {period && (
            <Text span c="dimmed" fz="xs" fw={400}>
              {" "}
              · {period.period}
            </Text>
          )}
        </Text>
        {period === undefined ? (
          <Text c="dimmed" fz="xs">
            No values yet
          </Text>
        ) : (
          <Text fz="xs" c="dimmed">
            {period.actual === null ? (
              "No actual yet"
            ) : (
              <Text span fz="xs" c="var(--mantine-color-text)" fw={500}>
                {withUnit(period.actual, metric.unit)}
              </Text>
            )}
            {period.estimate !== null && ` vs est. ${withUnit(period.estimate, metric.unit)}`}
          </Text>
        )}
      </Stack>
      {period && <Surprise surprise={period.surprise ?? kpiSurprise(period.actual, period.estimate)} />}
    </Group>
  )
}

/** The ticker's headline KPIs: per metric, its latest period's actual against the estimate. */
export const TickerHeadlineKpis = ({ symbol }: { readonly symbol: string }) => {
  const kpis = useQuery(tickerKpisQueryOptions(symbol))
  if (kpis.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading the KPIs">
        {[0, 1].map((row) => (
          <Skeleton key={row} height={44} radius="sm" />
        ))}
      </Stack>
    )
  }
  const metrics = kpis.isError ? [] : kpis.data.metrics
  if (kpis.isError && !(kpis.error instanceof NotFound))
    return <InlineError error={kpis.error} onRetry={() => void kpis.refetch()} />
  if (metrics.length === 0) {
    return <EmptyList title="No KPIs yet" description={`Nobody has recorded a metric for ${symbol}.`} />
  }
  return (
    <Stack gap={4}>
      <Stack
        gap={0}
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: "none" }}
        aria-label={`KPIs of ${symbol}`}
      >
        {metrics.slice(0, headlineCount).map((metric) => (
          <Metric key={metric.id} metric={metric} />
        ))}
      </Stack>
      <AnchorLink to="/kpis" search={{ symbol }} fz="sm" mt="xs">
        {metrics.length > headlineCount
          ? `All ${plural(metrics.length, "metric")} of ${symbol}`
          : `${symbol} KPIs`}
      </AnchorLink>
    </Stack>
  )
}
