import type { ReportStatus, ReportType } from "@folio/core"
import { pluralNoun } from "@folio/core"
import { Anchor, Button, Collapse, Grid, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core"
import { useDisclosure, useDocumentTitle, useMediaQuery } from "@mantine/hooks"
import { useInfiniteQuery } from "@tanstack/react-query"
import { type SearchFilters, searchInfiniteQueryOptions } from "../../../../api/search"
import { plural } from "../directory/format"
import { EmptyList, InlineError, LoadMore, PageHeader } from "../directory/layout"
import { QueryBox, SyntaxTips } from "./QueryBox"
import { type FacetKey, FacetList } from "./SearchFacets"
import { Hit, OtherMatches, ResultsPending } from "./SearchHits"

export const SearchScreen = ({
  filters,
  onFiltersChange,
}: {
  readonly filters: SearchFilters
  readonly onFiltersChange: (change: Partial<SearchFilters>) => void
}) => {
  useDocumentTitle(filters.q ? `${filters.q} · Search · Folio` : "Search · Folio")
  const q = filters.q
  const query = useInfiniteQuery({
    ...searchInfiniteQueryOptions({ ...filters, q: q ?? "" }),
    enabled: q !== undefined,
  })
  const first = query.data?.pages[0]
  const hits = query.data?.pages.flatMap((page) => page.reports) ?? []
  const narrowed =
    filters.ticker !== undefined ||
    filters.sector !== undefined ||
    filters.type !== undefined ||
    filters.status !== undefined ||
    filters.year !== undefined
  const activeFilters = [filters.ticker, filters.sector, filters.type, filters.status, filters.year].filter(
    (value) => value !== undefined,
  ).length
  const isNarrow = useMediaQuery("(max-width: 62em)") === true
  const [filtersOpened, filtersPanel] = useDisclosure(false)
  const clearFilters = () =>
    onFiltersChange({
      ticker: undefined,
      sector: undefined,
      type: undefined,
      status: undefined,
      year: undefined,
    })

  const toggle = (key: FacetKey, value: string | undefined) => {
    if (key === "year") onFiltersChange({ year: value === undefined ? undefined : Number(value) })
    else if (key === "type") onFiltersChange({ type: value as ReportType | undefined })
    else if (key === "status") onFiltersChange({ status: value as ReportStatus | undefined })
    else onFiltersChange({ [key]: value })
  }

  const body = () => {
    if (q === undefined) {
      return (
        <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
          <SyntaxTips />
        </Paper>
      )
    }
    if (query.isPending) return <ResultsPending />
    if (query.isError && first === undefined) {
      return <InlineError error={query.error} onRetry={() => void query.refetch()} />
    }
    if (first === undefined) return null
    const nothing =
      first.total === 0 &&
      first.tickers.length === 0 &&
      first.companies.length === 0 &&
      first.users.length === 0
    if (nothing) {
      return (
        <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
          <EmptyList
            title={narrowed ? "Nothing matches with these filters" : `Nothing matches “${q}”`}
            description={
              narrowed
                ? "Clear the filters to search everything you may read."
                : "Check the spelling, use fewer words, or try one of these forms:"
            }
            action={
              narrowed ? (
                <Button variant="default" onClick={clearFilters}>
                  Clear filters
                </Button>
              ) : undefined
            }
          />
          {!narrowed && <SyntaxTips />}
        </Paper>
      )
    }
    return (
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 1, md: 1 }}>
          {isNarrow && (
            <Button
              variant="default"
              size="xs"
              onClick={filtersPanel.toggle}
              aria-expanded={filtersOpened}
              aria-controls="search-filters"
            >
              {activeFilters > 0 ? `Filters (${activeFilters})` : "Filters"}
            </Button>
          )}
          <Collapse expanded={!isNarrow || filtersOpened} id="search-filters">
            <Stack gap="md" mt={isNarrow ? "md" : 0}>
              <FacetList facets={first.facets} capped={first.capped} filters={filters} onToggle={toggle} />
              {narrowed && (
                <Anchor component="button" fz="sm" onClick={clearFilters} style={{ alignSelf: "flex-start" }}>
                  Clear filters
                </Anchor>
              )}
            </Stack>
          </Collapse>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }} order={{ base: 2, md: 2 }}>
          <Stack gap="lg" opacity={query.isPlaceholderData ? 0.6 : 1}>
            <OtherMatches result={first} />
            <Stack gap="sm" component="section" aria-labelledby="search-reports">
              <Group justify="space-between" align="baseline">
                <Title order={2} fz="sm" id="search-reports" c="dimmed" tt="uppercase" lts={0.4}>
                  Reports
                </Title>
                <Text fz="sm" c="dimmed" aria-live="polite">
                  {first.capped ? `${first.total}+ results` : plural(first.total, "result")}
                </Text>
              </Group>
              {hits.length === 0 ? (
                <Text fz="sm" c="dimmed">
                  No report you may read matches{narrowed ? " with these filters" : ""}.
                </Text>
              ) : (
                <Paper withBorder radius="lg" px={{ base: "md", sm: "lg" }} py="xs">
                  <Stack gap={0}>
                    {hits.map((hit) => (
                      <Hit key={hit.report.id} hit={hit} />
                    ))}
                  </Stack>
                </Paper>
              )}
              {hits.length > 0 && (
                <LoadMore
                  shown={hits.length}
                  noun={pluralNoun(hits.length, "report", "reports")}
                  hasMore={query.hasNextPage}
                  loading={query.isFetchingNextPage}
                  error={query.isFetchNextPageError ? query.error : null}
                  onLoadMore={() => void query.fetchNextPage()}
                />
              )}
              {first.capped && !query.hasNextPage && (
                <Text fz="sm" c="dimmed">
                  These are the best matches among the newest {first.total} reports that match. Add words, a
                  ticker or a year to reach older ones.
                </Text>
              )}
            </Stack>
          </Stack>
        </Grid.Col>
      </Grid>
    )
  }

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader title="Search" />
      <Group gap="sm" wrap="nowrap" align="center">
        <div style={{ flex: 1 }}>
          <QueryBox value={q} onSearch={(next) => onFiltersChange({ q: next })} />
        </div>
        {query.isFetching && !query.isFetchingNextPage && q !== undefined && (
          <Loader size="sm" aria-label="Searching" />
        )}
      </Group>
      {body()}
    </Stack>
  )
}
