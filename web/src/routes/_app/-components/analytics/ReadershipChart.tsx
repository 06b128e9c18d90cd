// Loaded on its own (React.lazy in OverTime): recharts and @mantine/charts stay out of every
// other screen's JavaScript, and out of /analytics' first paint.
import "@mantine/charts/styles.css"
import type { Analytics } from "@folio/core"
import { AreaChart } from "@mantine/charts"
import { formatCount, formatDay, formatShortDay } from "./format"

/** OverTime's placeholder takes the same room. */
const chartHeight = 280

/** Views and reads per day of the range, oldest on the left. */
const ReadershipChart = ({ series }: { readonly series: Analytics["series"] }) => {
  const data = series.map((row) => ({ day: row.day, views: row.views, reads: row.reads }))
  const short = data.length <= 31
  return (
    <AreaChart
      h={chartHeight}
      data={data}
      dataKey="day"
      series={[
        { name: "views", label: "Views", color: "indigo.6" },
        { name: "reads", label: "Reads", color: "teal.7" },
      ]}
      curveType="monotone"
      withLegend
      legendProps={{ verticalAlign: "top", height: 36 }}
      valueFormatter={formatCount}
      yAxisProps={{ allowDecimals: false, width: 48 }}
      xAxisProps={{ interval: "preserveStartEnd", minTickGap: 16, tickFormatter: formatShortDay }}
      tooltipProps={{ labelFormatter: (day) => (typeof day === "string" ? formatDay(day) : String(day)) }}
      gridAxis="x"
      withDots={short}
      dotProps={{ r: 3 }}
      activeDotProps={{ r: 5 }}
      // Drawn at once: a growing chart says nothing more, and a range change would replay it.
      areaProps={{ isAnimationActive: false }}
      tooltipAnimationDuration={150}
    />
  )
}

export default ReadershipChart
