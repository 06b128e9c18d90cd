// Loaded on its own (React.lazy in MetricCard): recharts and @mantine/charts stay out of every
// other screen's JavaScript (vite.config.ts puts them in the "charts" chunk).
import "@mantine/charts/styles.css"
import type { KpiMetric } from "@folio/core"
import { LineChart } from "@mantine/charts"
import { formatKpiTick, formatKpiValue } from "./format"

/** MetricCard's placeholder takes the same room. */
const chartHeight = 280

/** From this many periods on, a chart is too dense for dots. */
const denseFrom = 40

/** Actual against estimate over the metric's periods, oldest on the left; a gap where one is missing. */
const MetricChart = ({ metric }: { readonly metric: KpiMetric }) => {
  const data = metric.values.map((row) => ({
    period: row.period,
    actual: row.actual,
    estimate: row.estimate,
  }))
  return (
    <LineChart
      h={chartHeight}
      data={data}
      dataKey="period"
      series={[
        { name: "actual", label: "Actual", color: "indigo.6" },
        { name: "estimate", label: "Estimate", color: "orange.6", strokeDasharray: "5 4" },
      ]}
      curveType="linear"
      connectNulls={false}
      withLegend
      legendProps={{ verticalAlign: "top", height: 36 }}
      valueFormatter={(value) => formatKpiValue(value, metric.unit)}
      yAxisProps={{
        domain: ["auto", "auto"],
        // Round steps (1, 2 or 5 times a power of ten) rather than the data's own bounds.
        niceTicks: "snap125",
        width: 56,
        tickFormatter: (value: number) => formatKpiTick(value, metric.unit),
      }}
      xAxisProps={{ interval: "preserveStartEnd", minTickGap: 12 }}
      gridAxis="y"
      // Dots and the drawing animation while a chart is short; a long history draws as plain lines.
      withDots={data.length <= denseFrom}
      dotProps={{ r: 3 }}
      activeDotProps={{ r: 5 }}
      lineProps={{ isAnimationActive: data.length <= denseFrom }}
      tooltipAnimationDuration={150}
    />
  )
}

export default MetricChart
