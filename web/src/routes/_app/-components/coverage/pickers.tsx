import { type CompanyId, type Role, roleLabels, type Ticker } from "@folio/core"
import { Group, Select, Text } from "@mantine/core"
import { useDebouncedValue } from "@mantine/hooks"
import { useQuery } from "@tanstack/react-query"
import { useMemo, useRef, useState } from "react"
import { tickerOptionsQueryOptions } from "../../../../api/reports"
import { userOptionsQueryOptions } from "../../../../api/users"

/** The server matches names and symbols, so the combobox shows its answer unfiltered. */
const serverFiltered = ({ options }: { options: ReadonlyArray<unknown> }) => options as never

interface PickerProps {
  /** The form's value ("" for none). */
  readonly value?: string
  readonly onChange: (value: string) => void
  readonly error?: unknown
  readonly "data-autofocus"?: boolean
}

const errorText = (error: unknown): string | undefined => (typeof error === "string" ? error : undefined)

/** The ticker to cover, searched on the server by symbol or name; `onTicker` hears the one picked. */
export const CoverageTickerSelect = ({
  value = "",
  onChange,
  error,
  onTicker,
  ...rest
}: PickerProps & { readonly onTicker: (ticker: Ticker | undefined) => void }) => {
  const [search, setSearch] = useState("")
  const [query] = useDebouncedValue(search, 200)
  const options = useQuery(tickerOptionsQueryOptions(query))
  const seen = useRef(new Map<string, Ticker>())
  for (const ticker of options.data?.items ?? []) seen.current.set(ticker.symbol, ticker)
  const data = useMemo(() => {
    const symbols = new Set<string>(value === "" ? [] : [value])
    for (const ticker of options.data?.items ?? []) if (ticker.active) symbols.add(ticker.symbol)
    return [...symbols].map((symbol) => ({ value: symbol, label: symbol }))
  }, [value, options.data])
  return (
    <Select
      label="Ticker"
      placeholder="Search symbol or company"
      searchable
      // Focus (the dialog's first field) does not cover the form with a list; typing or a click opens it.
      openOnFocus={false}
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value === "" ? null : value}
      filter={serverFiltered}
      error={errorText(error)}
      nothingFoundMessage={options.isFetching ? "Searching…" : "No active ticker matches"}
      renderOption={({ option }) => {
        const ticker = seen.current.get(option.value)
        return (
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Text fz="sm" fw={600} ff="monospace">
              {option.value}
            </Text>
            {ticker && (
              <Text fz="xs" c="dimmed" truncate>
                {ticker.name}
              </Text>
            )}
          </Group>
        )
      }}
      onChange={(symbol) => {
        onChange(symbol ?? "")
        onTicker(symbol === null ? undefined : seen.current.get(symbol))
      }}
      comboboxProps={{ withinPortal: true }}
      {...rest}
    />
  )
}

/** Who may hold coverage: the publisher's research staff. */
const coveringRoles: ReadonlySet<Role> = new Set<Role>(["analyst", "editor", "admin"])

/** The analyst who covers (editors and admins pick): active research staff of the publisher. */
export const AnalystSelect = ({
  companyId,
  value = "",
  onChange,
  error,
  known,
  ...rest
}: PickerProps & {
  readonly companyId: CompanyId
  /** Names already known (the distribution's analysts), so a picked one keeps its label. */
  readonly known: ReadonlyArray<{ readonly id: string; readonly name: string }>
}) => {
  const [search, setSearch] = useState("")
  const [query] = useDebouncedValue(search, 250)
  const options = useQuery(userOptionsQueryOptions(companyId, query))
  const people = useMemo(() => {
    const found = new Map<string, { name: string; role?: Role }>(known.map((k) => [k.id, { name: k.name }]))
    for (const user of options.data?.items ?? []) {
      if (user.status === "active" && coveringRoles.has(user.role))
        found.set(user.id, { name: user.name, role: user.role })
    }
    return found
  }, [known, options.data])
  const data = [...people]
    .map(([id, person]) => ({ value: id, label: person.name }))
    .sort((a, b) => a.label.localeCompare(b.label))
  return (
    <Select
      label="Analyst"
      placeholder="Search research staff"
      searchable
      // Focus (the dialog's first field) does not cover the form with a list; typing or a click opens it.
      openOnFocus={false}
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value === "" ? null : value}
      filter={serverFiltered}
      error={errorText(error)}
      nothingFoundMessage={options.isFetching ? "Searching…" : "Nobody on the research staff matches"}
      renderOption={({ option }) => {
        const role = people.get(option.value)?.role
        return (
          <Group gap="xs" justify="space-between" wrap="nowrap" w="100%">
            <Text fz="sm">{option.label}</Text>
            {role && (
              <Text fz="xs" c="dimmed">
                {roleLabels[role]}
              </Text>
            )}
          </Group>
        )
      }}
      onChange={(id) => onChange(id ?? "")}
      comboboxProps={{ withinPortal: true }}
      {...rest}
    />
  )
}
