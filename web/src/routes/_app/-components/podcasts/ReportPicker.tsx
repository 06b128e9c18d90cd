import type { EpisodeReport, ReportId } from "@folio/core"
import { Select } from "@mantine/core"
import { useDebouncedValue } from "@mantine/hooks"
import { useQuery } from "@tanstack/react-query"
import { useRef, useState } from "react"
import { reportsPreviewQueryOptions } from "../../../../api/reports"
import { quickSearchQueryOptions } from "../../../../api/search"

/** The server ranks the matches, so the combobox shows its answer unfiltered. */
const serverFiltered = ({ options }: { options: ReadonlyArray<unknown> }) => options as never

/**
 * The report an episode goes with: the latest reports to start with, or the search's matches for
 * what is typed (titles, tickers, text).
 */
export const ReportPicker = ({
  value,
  onChange,
  initial,
  error,
  description,
  label = "Linked report",
}: {
  readonly value: ReportId | null
  readonly onChange: (id: ReportId | null) => void
  /** The report already linked, so its title shows before any search. */
  readonly initial: EpisodeReport | null
  readonly error?: string | undefined
  readonly description?: string | undefined
  /** The field's label where it is not an episode's link (the AI playground's "Report"). */
  readonly label?: string | undefined
}) => {
  const [search, setSearch] = useState("")
  const [debounced] = useDebouncedValue(search.trim(), 200)
  // Titles seen in any answer, so the chosen report keeps its name when the search moves on.
  const seen = useRef(new Map<string, string>(initial === null ? [] : [[initial.id, initial.title]]))
  const latest = useQuery(reportsPreviewQueryOptions({ sort: "-updatedAt" }, 10))
  for (const report of latest.data?.items ?? []) seen.current.set(report.id, report.title)
  // Picking an option writes its title into the box: that is no search.
  const query = value !== null && debounced === seen.current.get(value) ? "" : debounced
  const found = useQuery(quickSearchQueryOptions(query))
  for (const hit of found.data?.reports ?? []) seen.current.set(hit.report.id, hit.report.title)
  const ids =
    query === ""
      ? (latest.data?.items ?? []).map((report) => report.id as string)
      : (found.data?.reports ?? []).map((hit) => hit.report.id as string)
  const options = [...new Set([...(value === null ? [] : [value as string]), ...ids])].map((id) => ({
    value: id,
    label: seen.current.get(id) ?? "Linked report",
  }))
  return (
    <Select
      label={label}
      description={description}
      placeholder="Search reports by title or ticker"
      searchable
      clearable
      filter={serverFiltered}
      data={options}
      value={value}
      onSearchChange={setSearch}
      onChange={(next) => onChange((next ?? null) as ReportId | null)}
      nothingFoundMessage={query === "" ? "No reports yet" : "No report matches"}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  )
}
