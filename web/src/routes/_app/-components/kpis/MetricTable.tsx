import type { KpiMetric, KpiPeriodValues } from "@folio/core"
import { Button, ScrollArea, Stack, Table, Text } from "@mantine/core"
import { useState } from "react"
import { formatKpiValue } from "./format"
import classes from "./MetricTable.module.css"
import { Surprise } from "./Surprise"

const Value = ({
  value,
  source,
  unit,
}: {
  readonly value: number | null
  readonly source: string | null
  readonly unit: string
}) =>
  value === null ? (
    <Text component="span" c="dimmed" fz="sm">
      —
    </Text>
  ) : (
    <>
      <Text component="span" fz="sm" className={classes.value}>
        {formatKpiValue(value, unit)}
      </Text>
      {source !== null && source !== "" && (
        <Text component="span" fz="xs" c="dimmed" className={classes.source}>
          {source}
        </Text>
      )}
    </>
  )

/** Periods listed before "Show all": a year and a half of quarters. */
const firstPeriods = 6

/**
 * A metric's periods, newest first (the chart runs oldest to newest, left to right): the actual and
 * the estimate with their sources (left out on a phone, where four narrow columns need the room),
 * and the surprise. The newest six show at first; a long history opens on demand and scrolls inside the table's own box.
 */
export const MetricTable = ({ metric }: { readonly metric: KpiMetric }) => {
  const [all, setAll] = useState(false)
  const newestFirst: ReadonlyArray<KpiPeriodValues> = [...metric.values].reverse()
  const periods = all ? newestFirst : newestFirst.slice(0, firstPeriods)
  return (
    <Stack gap={4}>
      <ScrollArea.Autosize
        mah={all ? 420 : undefined}
        type="auto"
        offsetScrollbars="present"
        // Large values can make the table wider than a phone, and "Show all" makes it scroll down:
        // the keyboard scrolls it once it has the focus.
        viewportProps={{ tabIndex: 0, role: "group", "aria-label": `${metric.name} by period, scrollable` }}
      >
        <Table
          aria-label={`${metric.name} by period`}
          fz="sm"
          verticalSpacing={6}
          horizontalSpacing={8}
          stickyHeader
          striped
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Period</Table.Th>
              <Table.Th scope="col" ta="right">
                Actual
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Estimate
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Surprise
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {periods.map((row) => (
              <Table.Tr key={row.period}>
                <Table.Th scope="row" fw={600} style={{ whiteSpace: "nowrap" }}>
                  {row.period}
                </Table.Th>
                <Table.Td ta="right">
                  <Value value={row.actual} source={row.actualSource} unit={metric.unit} />
                </Table.Td>
                <Table.Td ta="right">
                  <Value value={row.estimate} source={row.estimateSource} unit={metric.unit} />
                </Table.Td>
                <Table.Td ta="right">
                  <Surprise surprise={row.surprise} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {newestFirst.length > firstPeriods && (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setAll((shown) => !shown)}
          style={{ alignSelf: "flex-start" }}
        >
          {all
            ? `Show the newest ${firstPeriods} periods`
            : `Show all ${newestFirst.length.toLocaleString()} periods`}
        </Button>
      )}
    </Stack>
  )
}
