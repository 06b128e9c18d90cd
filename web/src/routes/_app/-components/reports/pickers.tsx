import {
  type CompanyId,
  type ReportAuthor,
  type ReportStatus,
  reportStatuses,
  statusLabels,
  type Ticker,
  type UserId,
} from "@folio/core"
import { Group, MultiSelect, Select, Text } from "@mantine/core"
import { useDebouncedValue } from "@mantine/hooks"
import { useQuery } from "@tanstack/react-query"
import { useMemo, useRef, useState } from "react"
import { tickerOptionsQueryOptions } from "../../../../api/reports"
import { userOptionsQueryOptions } from "../../../../api/users"
import { parseStatuses } from "./search"

/** The server matches symbol starts and names, so the combobox shows its answer unfiltered. */
const serverFiltered = ({ options }: { options: ReadonlyArray<unknown> }) => options as never

const useTickerSearch = () => {
  const [search, setSearch] = useState("")
  const [query] = useDebouncedValue(search, 200)
  const options = useQuery(tickerOptionsQueryOptions(query))
  // Tickers seen in any answer, so a chosen symbol keeps its name when the search moves on.
  const seen = useRef(new Map<string, Ticker>())
  for (const ticker of options.data?.items ?? []) seen.current.set(ticker.symbol, ticker)
  return { search, setSearch, options, seen: seen.current }
}

const TickerOption = ({
  ticker,
  symbol,
}: {
  readonly ticker: Ticker | undefined
  readonly symbol: string
}) => (
  <Group gap="xs" wrap="nowrap" miw={0}>
    <Text fz="sm" fw={600} ff="monospace">
      {symbol}
    </Text>
    {ticker && (
      <Text fz="xs" c="dimmed" truncate>
        {ticker.name} · {ticker.exchange}
      </Text>
    )}
  </Group>
)

/** The report's tickers: known symbols only, searched on the server by symbol or name. */
export const TickersPicker = ({
  value,
  onChange,
  onPick,
  error,
}: {
  readonly value: ReadonlyArray<string>
  readonly onChange: (symbols: Array<string>) => void
  /** Called with a ticker the user just added (e.g. to suggest its sector). */
  readonly onPick?: (ticker: Ticker) => void
  readonly error?: string | undefined
}) => {
  const { search, setSearch, options, seen } = useTickerSearch()
  const data = useMemo(() => {
    const symbols = new Set<string>(value)
    for (const ticker of options.data?.items ?? []) symbols.add(ticker.symbol)
    return [...symbols].map((symbol) => ({ value: symbol, label: symbol }))
  }, [value, options.data])
  return (
    <MultiSelect
      label="Tickers"
      placeholder={value.length === 0 ? "Search symbol or company" : undefined}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={[...value]}
      filter={serverFiltered}
      hidePickedOptions
      maxValues={20}
      error={error}
      nothingFoundMessage={options.isFetching ? "Searching…" : "No ticker matches"}
      renderOption={({ option }) => <TickerOption symbol={option.value} ticker={seen.get(option.value)} />}
      onChange={(next) => {
        const added = next.find((symbol) => !value.includes(symbol))
        const ticker = added === undefined ? undefined : seen.get(added)
        onChange(next)
        if (ticker) onPick?.(ticker)
      }}
      comboboxProps={{ withinPortal: true }}
    />
  )
}

/** One ticker, for the reports filter. */
export const TickerFilter = ({
  value,
  onChange,
}: {
  readonly value: string | undefined
  readonly onChange: (symbol: string | undefined) => void
}) => {
  const { search, setSearch, options, seen } = useTickerSearch()
  const data = useMemo(() => {
    const symbols = new Set<string>(value === undefined ? [] : [value])
    for (const ticker of options.data?.items ?? []) symbols.add(ticker.symbol)
    return [...symbols].map((symbol) => ({ value: symbol, label: symbol }))
  }, [value, options.data])
  return (
    <Select
      label="Ticker"
      placeholder="Any ticker"
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value ?? null}
      filter={serverFiltered}
      nothingFoundMessage={options.isFetching ? "Searching…" : "No ticker matches"}
      renderOption={({ option }) => <TickerOption symbol={option.value} ticker={seen.get(option.value)} />}
      onChange={(symbol) => onChange(symbol ?? undefined)}
      comboboxProps={{ withinPortal: true }}
      w={{ base: "100%", xs: 150 }}
    />
  )
}

const usePeopleSearch = (companyId: CompanyId, known: ReadonlyArray<ReportAuthor>) => {
  const [search, setSearch] = useState("")
  const [query] = useDebouncedValue(search, 250)
  const options = useQuery(userOptionsQueryOptions(companyId, query))
  const seen = useRef(new Map<string, ReportAuthor>())
  for (const author of known) seen.current.set(author.id, author)
  for (const user of options.data?.items ?? []) {
    if (user.status !== "disabled")
      seen.current.set(user.id, { id: user.id, name: user.name, email: user.email })
  }
  const matches = (options.data?.items ?? []).filter((user) => user.status !== "disabled")
  return { search, setSearch, options, matches, seen: seen.current }
}

/** The report's authors: people of the publisher, searched on the server. */
export const AuthorsPicker = ({
  companyId,
  value,
  onChange,
  error,
}: {
  readonly companyId: CompanyId
  readonly value: ReadonlyArray<ReportAuthor>
  readonly onChange: (authors: Array<ReportAuthor>) => void
  readonly error?: string | undefined
}) => {
  const { search, setSearch, options, matches, seen } = usePeopleSearch(companyId, value)
  const data = useMemo(() => {
    const people = new Map<string, string>(value.map((author) => [author.id, author.name]))
    for (const user of matches) people.set(user.id, user.name)
    return [...people].map(([id, name]) => ({ value: id, label: name }))
  }, [value, matches])
  return (
    <MultiSelect
      label="Authors"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value.map((author) => author.id as string)}
      filter={serverFiltered}
      hidePickedOptions
      maxValues={10}
      error={error}
      nothingFoundMessage={options.isFetching ? "Searching…" : "Nobody matches"}
      renderOption={({ option }) => (
        <div>
          <Text fz="sm">{option.label}</Text>
          <Text fz="xs" c="dimmed">
            {seen.get(option.value)?.email}
          </Text>
        </div>
      )}
      onChange={(ids) =>
        onChange(ids.flatMap((id) => seen.get(id) ?? []).filter((author) => ids.includes(author.id)))
      }
      comboboxProps={{ withinPortal: true }}
    />
  )
}

/** One author, for the reports filter. */
export const AuthorFilter = ({
  companyId,
  value,
  onChange,
}: {
  readonly companyId: CompanyId
  readonly value: UserId | undefined
  readonly onChange: (id: UserId | undefined) => void
}) => {
  const { search, setSearch, options, matches, seen } = usePeopleSearch(companyId, [])
  const data = useMemo(() => {
    const people = new Map<string, string>(matches.map((user) => [user.id, user.name]))
    if (value !== undefined && !people.has(value))
      people.set(value, seen.get(value)?.name ?? "Selected author")
    return [...people].map(([id, name]) => ({ value: id, label: name }))
  }, [value, matches, seen])
  return (
    <Select
      label="Author"
      placeholder="Anyone"
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value ?? null}
      filter={serverFiltered}
      nothingFoundMessage={options.isFetching ? "Searching…" : "Nobody matches"}
      onChange={(id) => onChange((id ?? undefined) as UserId | undefined)}
      comboboxProps={{ withinPortal: true }}
      w={{ base: "100%", xs: 180 }}
    />
  )
}

/** Statuses to show, for the reports filter (scheduled reports are approved ones with a release set). */
export const StatusFilter = ({
  value,
  onChange,
}: {
  readonly value: string | undefined
  readonly onChange: (statuses: string | undefined) => void
}) => (
  <MultiSelect
    label="Status"
    placeholder={value === undefined ? "Any status" : undefined}
    data={statusOptions}
    value={[...parseStatuses(value)]}
    onChange={(next) => onChange(next.length === 0 ? undefined : (next as Array<ReportStatus>).join(","))}
    clearable
    w={{ base: "100%", xs: 220 }}
    comboboxProps={{ withinPortal: true }}
  />
)

const statusOptions = reportStatuses
  .filter((status) => status !== "scheduled")
  .map((status) => ({ value: status, label: statusLabels[status] }))
