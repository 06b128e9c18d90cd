import type { KpiTickerSummary } from "@folio/core"
import { Group, Select, Stack, Text } from "@mantine/core"
import { plural } from "../directory/format"

/** The tickers holding KPIs, searchable by symbol or name; the choice lives in the URL (`?symbol=`). */
export const TickerPicker = ({
  tickers,
  value,
  onChange,
}: {
  readonly tickers: ReadonlyArray<KpiTickerSummary>
  readonly value: string
  readonly onChange: (symbol: string) => void
}) => {
  const bySymbol = new Map(tickers.map((ticker) => [ticker.symbol, ticker]))
  const data = tickers.map((ticker) => ({
    value: ticker.symbol,
    label: `${ticker.symbol} · ${ticker.tickerName}`,
  }))
  // A symbol from a link that holds no KPIs (yet) is still shown as chosen.
  if (!bySymbol.has(value)) data.unshift({ value, label: value })
  return (
    <Select
      label="Ticker"
      description={`${plural(tickers.length, "ticker")} with KPIs`}
      data={data}
      value={value}
      onChange={(next) => {
        if (next !== null && next !== value) onChange(next)
      }}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No ticker with KPIs matches"
      limit={100}
      maxDropdownHeight={320}
      w={{ base: "100%", xs: 380 }}
      renderOption={({ option }) => {
        const ticker = bySymbol.get(option.value)
        return (
          <Stack gap={0}>
            <Group gap={6} wrap="nowrap">
              <Text fz="sm" fw={600}>
                {option.value}
              </Text>
              <Text fz="sm" truncate>
                {ticker?.tickerName ?? ""}
              </Text>
            </Group>
            {ticker !== undefined && (
              <Text fz="xs" c="dimmed">
                {plural(ticker.metrics, "metric")} · {plural(ticker.values, "value")}
                {ticker.latestActual === null ? "" : ` · latest actual ${ticker.latestActual}`}
              </Text>
            )}
          </Stack>
        )
      }}
    />
  )
}
