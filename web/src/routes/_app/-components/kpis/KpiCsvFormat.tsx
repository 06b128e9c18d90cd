import { kpiCsvColumns } from "@folio/core"
import { Code, List, Text } from "@mantine/core"

/** The KPI CSV's columns in a few words: shown in the import dialog and on the empty screen. */
export const KpiCsvFormat = () => (
  <div>
    <Text fz="sm">
      A header row with the columns <Code>{kpiCsvColumns.join(",")}</Code>, then one value a row:
    </Text>
    <List fz="sm" spacing={2} mt={4} withPadding>
      <List.Item>
        <Code>period</Code> a quarter <Code>2026Q3</Code>, a half year <Code>2026H1</Code> or a fiscal year{" "}
        <Code>FY2026</Code>
      </List.Item>
      <List.Item>
        <Code>kind</Code> <Code>actual</Code> or <Code>estimate</Code>; <Code>value</Code> a plain number such
        as <Code>95120</Code> or <Code>-0.8</Code>
      </List.Item>
      <List.Item>
        <Code>unit</Code> needed the first time a metric is named (<Code>USD m</Code>, <Code>%</Code>);{" "}
        <Code>source</Code> optional (<Code>10-Q</Code>, <Code>Consensus</Code>)
      </List.Item>
    </List>
    <Text fz="sm" c="dimmed" mt={4}>
      A value already stored is updated; the same file imported again changes nothing.
    </Text>
  </div>
)
