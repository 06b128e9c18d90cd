import {
  type FacetCount,
  type ReportStatus,
  type ReportType,
  type SearchFacets,
  searchCandidateLimit,
} from "@folio/core"
import { Stack, Text, UnstyledButton } from "@mantine/core"
import type { SearchFilters } from "../../../../api/search"
import { reportTypeLabels } from "../reports/badges"
import { reportStatusLabels } from "../tickers/TickerPanel"
import classes from "./SearchScreen.module.css"

export type FacetKey = "ticker" | "sector" | "type" | "status" | "year"

const facetGroups: ReadonlyArray<{
  readonly key: FacetKey
  readonly title: string
  readonly values: (facets: SearchFacets) => ReadonlyArray<FacetCount>
  readonly label: (value: string) => string
}> = [
  { key: "ticker", title: "Ticker", values: (f) => f.tickers, label: (v) => v },
  { key: "sector", title: "Sector", values: (f) => f.sectors, label: (v) => v },
  {
    key: "type",
    title: "Type",
    values: (f) => f.types,
    label: (v) => reportTypeLabels[v as ReportType] ?? v,
  },
  {
    key: "status",
    title: "Status",
    values: (f) => f.statuses,
    label: (v) => reportStatusLabels[v as ReportStatus]?.label ?? v,
  },
  { key: "year", title: "Year", values: (f) => f.years, label: (v) => v },
]

const currentValue = (filters: SearchFilters, key: FacetKey): string | undefined => {
  const value = filters[key]
  return value === undefined ? undefined : String(value)
}

/**
 * The facet groups beside the results. Counts cover the same candidates as the result count:
 * when a search is capped (more matches than it ranks), they count the newest of them.
 */
export const FacetList = ({
  facets,
  capped,
  filters,
  onToggle,
}: {
  readonly facets: SearchFacets | null
  readonly capped: boolean
  readonly filters: SearchFilters
  readonly onToggle: (key: FacetKey, value: string | undefined) => void
}) => (
  <Stack gap="lg" component="nav" aria-label="Filters">
    {capped && (
      <Text fz="xs" c="dimmed">
        Counts cover the newest {searchCandidateLimit} matches.
      </Text>
    )}
    {facetGroups.map((group) => {
      const chosen = currentValue(filters, group.key)
      const values = facets ? group.values(facets) : []
      if (chosen === undefined && values.length === 0) return null
      const shown =
        chosen !== undefined && !values.some((v) => v.value === chosen)
          ? [{ value: chosen, count: 0 }, ...values]
          : values
      return (
        <Stack key={group.key} gap={4} role="group" aria-labelledby={`facet-${group.key}`}>
          <Text id={`facet-${group.key}`} fz="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4}>
            {group.title}
          </Text>
          {[
            ...shown.slice(0, 12),
            ...(group.key === "year" && facets
              ? facets.olderYears
                  .filter((year) => !shown.some((v) => v.value === year))
                  .map((year) => ({ value: year, count: null }))
              : []),
          ].map((facet) => {
            const active = chosen === facet.value
            return (
              <UnstyledButton
                key={facet.value}
                className={classes.facet}
                data-active={active || undefined}
                aria-pressed={active}
                onClick={() => onToggle(group.key, active ? undefined : facet.value)}
              >
                <Text fz="sm" truncate>
                  {group.label(facet.value)}
                </Text>
                {active ? (
                  <Text fz="xs" c="dimmed">
                    ✕
                  </Text>
                ) : (
                  <Text fz="xs" c="dimmed">
                    {facet.count === null ? "" : facet.count.toLocaleString()}
                  </Text>
                )}
              </UnstyledButton>
            )
          })}
        </Stack>
      )
    })}
  </Stack>
)
