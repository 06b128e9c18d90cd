import type { Analytics } from "@folio/core"
import { ScrollArea, SegmentedControl, Skeleton, Table, Text } from "@mantine/core"
import { lazy, Suspense, useState } from "react"
import { ChartBoundary } from "../../../../components/ChartBoundary"
import { Section } from "../directory/layout"
import { formatCount, formatDay, formatRange } from "./format"

const loadChart = () => import("./ReadershipChart")

/** The chart's code (recharts) loads once /analytics has an answer to draw, never before. */
const SharedChart = lazy(loadChart)

/** ReadershipChart's height, so the placeholder takes the same room. */
const chartHeight = 280

type View = "chart" | "table"

/** The busiest day by reads (then views), for the chart's summary. */
const busiest = (series: Analytics["series"]) =>
  series.reduce<Analytics["series"][number] | undefined>(
    (best, row) =>
      best === undefined || row.reads > best.reads || (row.reads === best.reads && row.views > best.views)
        ? row
        : best,
    undefined,
  )

/** The day table: the chart's figures as text, newest first. */
const DayTable = ({ series }: { readonly series: Analytics["series"] }) => (
  <ScrollArea.Autosize
    mah={chartHeight + 40}
    type="auto"
    offsetScrollbars="present"
    viewportProps={{ tabIndex: 0, role: "group", "aria-label": "Views and reads by day, scrollable" }}
  >
    <Table aria-label="Views and reads by day" fz="sm" verticalSpacing={6} stickyHeader striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Day</Table.Th>
          <Table.Th scope="col" ta="right">
            Views
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Reads
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {[...series].reverse().map((row) => (
          <Table.Tr key={row.day}>
            <Table.Th scope="row" fw={500} style={{ whiteSpace: "nowrap" }}>
              {formatDay(row.day)}
            </Table.Th>
            <Table.Td ta="right" style={{ fontVariantNumeric: "tabular-nums" }}>
              {formatCount(row.views)}
            </Table.Td>
            <Table.Td ta="right" style={{ fontVariantNumeric: "tabular-nums" }}>
              {formatCount(row.reads)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </ScrollArea.Autosize>
)

/** Views and reads per day: a chart, or the same figures as a table (what a screen reader is offered). */
export const OverTime = ({ analytics }: { readonly analytics: Analytics | undefined }) => {
  const [view, setView] = useState<View>("chart")
  // React.lazy keeps a failed load: "Try again" makes a new one, and its key remounts the boundary.
  const [chart, setChart] = useState(() => ({ Chart: SharedChart, attempt: 0 }))
  const { Chart } = chart
  const top = analytics === undefined ? undefined : busiest(analytics.series)
  const summary =
    analytics === undefined
      ? undefined
      : `${formatCount(analytics.totals.views)} views and ${formatCount(analytics.totals.reads)} reads, ${formatRange(analytics)}` +
        (top !== undefined && top.reads + top.views > 0
          ? `; the busiest day was ${formatDay(top.day)} (${formatCount(top.reads)} reads, ${formatCount(top.views)} views).`
          : ".")
  return (
    <Section
      id="analytics-over-time"
      title="Reads and views over time"
      description="Per day (UTC). A read is a report kept on screen for 16 seconds."
      actions={
        <SegmentedControl
          size="xs"
          aria-label="Show as"
          value={view}
          onChange={(next) => setView(next as View)}
          data={[
            { value: "chart", label: "Chart" },
            { value: "table", label: "Table" },
          ]}
        />
      }
    >
      {analytics === undefined ? (
        <div role="status" aria-label="Loading views and reads over time">
          <Skeleton h={chartHeight} radius="md" />
        </div>
      ) : view === "table" ? (
        <DayTable series={analytics.series} />
      ) : (
        <figure style={{ margin: 0, minWidth: 0 }} aria-label="Views and reads per day">
          <ChartBoundary
            height={chartHeight}
            key={chart.attempt}
            onRetry={() => setChart(({ attempt }) => ({ Chart: lazy(loadChart), attempt: attempt + 1 }))}
          >
            <Suspense
              fallback={
                <div role="status" aria-label="Loading the chart">
                  <Skeleton h={chartHeight} radius="md" />
                </div>
              }
            >
              <Chart series={analytics.series} />
            </Suspense>
          </ChartBoundary>
          <Text component="figcaption" fz="sm" c="dimmed" mt="xs">
            {summary} Choose “Table” for every day’s figures.
          </Text>
        </figure>
      )}
    </Section>
  )
}
