import { type Coverage, CoverageSort, type Rating, ratingLabels, ratings, type UserId } from "@folio/core"
import { Badge, CloseButton, Group, Loader, NativeSelect, Switch } from "@mantine/core"
import { useQuery } from "@tanstack/react-query"
import { ratingDistributionQueryOptions } from "../../../../api/coverage"
import { FilterSelect } from "../directory/DirectoryScreen"
import { searchParam } from "../directory/search"
import { commonSectors } from "../tickers/TickerFormDialog"
import { sortLabels } from "./rows"
import { defaultSort } from "./SortHeader"
import type { CoverageSearch } from "./search"

/** The analysts to filter by: those with active coverage, and the one filtered on (if dropped). */
const useAnalystOptions = (rows: ReadonlyArray<Coverage>, current: UserId | undefined) => {
  const distribution = useQuery(ratingDistributionQueryOptions())
  const names = new Map<string, string>()
  for (const entry of distribution.data?.byAnalyst ?? []) names.set(entry.analystId, entry.analystName)
  for (const row of rows) if (!names.has(row.analystId)) names.set(row.analystId, row.analystName)
  if (current !== undefined && !names.has(current)) names.set(current, "Selected analyst")
  return [...names]
    .map(([value, label]) => ({ value: value as UserId, label }))
    .sort((a, b) => a.label.localeCompare(b.label))
}

/** Sectors offered: the common ones, those of the rows shown and the one filtered on. */
const sectorOptions = (rows: ReadonlyArray<Coverage>, current: string | undefined) =>
  [
    ...new Set([
      ...commonSectors,
      ...rows.map((row) => row.sector),
      ...(current === undefined ? [] : [current]),
    ]),
  ]
    .sort((a, b) => a.localeCompare(b))
    .map((sector) => ({ value: sector, label: sector }))

/** Analyst, sector, rating and "include dropped", all in the URL; the ticker filter as a chip. */
export const CoverageFilterBar = ({
  search,
  rows,
  updating,
  withSort,
  onSearchChange,
}: {
  readonly search: CoverageSearch
  readonly rows: ReadonlyArray<Coverage>
  readonly updating: boolean
  /** Where there are no column headers to sort by (a phone). */
  readonly withSort: boolean
  readonly onSearchChange: (change: Partial<CoverageSearch>) => void
}) => {
  const analysts = useAnalystOptions(rows, search.analyst)
  return (
    <Group component="search" aria-label="Filter coverage" gap="sm" align="flex-end" mb="md" wrap="wrap">
      <FilterSelect
        label="Analyst"
        anyLabel="Every analyst"
        value={search.analyst}
        options={analysts}
        onChange={(analyst) => onSearchChange({ analyst })}
      />
      <NativeSelect
        label="Sector"
        value={search.sector ?? ""}
        onChange={(event) => onSearchChange({ sector: event.currentTarget.value || undefined })}
        data={[{ value: "", label: "Every sector" }, ...sectorOptions(rows, search.sector)]}
      />
      <FilterSelect<Rating>
        label="Rating"
        anyLabel="Any rating"
        value={search.rating}
        options={ratings.map((rating) => ({ value: rating, label: ratingLabels[rating] }))}
        onChange={(rating) => onSearchChange({ rating })}
      />
      {withSort && (
        <NativeSelect
          label="Sort"
          value={search.sort ?? defaultSort}
          onChange={(event) => {
            const sort = searchParam(CoverageSort, event.currentTarget.value)
            onSearchChange({ sort: sort === defaultSort ? undefined : sort })
          }}
          data={Object.entries(sortLabels).map(([value, label]) => ({ value, label }))}
        />
      )}
      <Switch
        label="Include dropped"
        checked={search.dropped === true}
        onChange={(event) => onSearchChange({ dropped: event.currentTarget.checked || undefined })}
        mb={8}
      />
      {search.symbol !== undefined && (
        <Badge
          size="lg"
          variant="light"
          radius="sm"
          mb={4}
          tt="none"
          rightSection={
            <CloseButton
              size="xs"
              aria-label={`Remove the ticker filter ${search.symbol}`}
              onClick={() => onSearchChange({ symbol: undefined })}
            />
          }
        >
          Ticker: {search.symbol}
        </Badge>
      )}
      {updating && <Loader size="sm" mb={8} aria-label="Updating the list" />}
    </Group>
  )
}
