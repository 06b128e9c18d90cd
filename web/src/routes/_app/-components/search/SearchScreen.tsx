import type { ReportHit, ReportStatus, ReportType, SearchResult } from "@folio/core"
import {
  Anchor,
  Badge,
  Button,
  CloseButton,
  Code,
  Collapse,
  Grid,
  Group,
  Kbd,
  List,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core"
import { useDebouncedCallback, useDisclosure, useDocumentTitle, useMediaQuery } from "@mantine/hooks"
import { useInfiniteQuery } from "@tanstack/react-query"
import { useEffect, useRef, useState } from "react"
import { type SearchFilters, searchInfiniteQueryOptions } from "../../../../api/search"
import { SearchIcon } from "../../../../components/icons"
import { AnchorLink } from "../directory/AnchorLink"
import { RoleBadge } from "../directory/badges"
import { formatDate, plural } from "../directory/format"
import { EmptyList, InlineError, LoadMore, PageHeader } from "../directory/layout"
import { reportTypeLabels } from "../reports/badges"
import { ReportStatusBadge } from "../tickers/TickerPanel"
import { Highlight } from "./Highlight"
import { type FacetKey, FacetList } from "./SearchFacets"
import classes from "./SearchScreen.module.css"

/** The search box: typing searches after a short pause, Enter at once; the URL holds the query. */
const QueryBox = ({
  value,
  onSearch,
}: {
  readonly value: string | undefined
  readonly onSearch: (q: string | undefined) => void
}) => {
  const [text, setText] = useState(value ?? "")
  const sent = useRef(value ?? "")
  useEffect(() => {
    if ((value ?? "") !== sent.current) {
      sent.current = value ?? ""
      setText(value ?? "")
    }
  }, [value])
  const send = (next: string) => {
    const trimmed = next.trim()
    if (trimmed === sent.current) return
    sent.current = trimmed
    onSearch(trimmed === "" ? undefined : trimmed)
  }
  const debounced = useDebouncedCallback(send, 350)
  return (
    <TextInput
      type="search"
      size="md"
      aria-label="Search"
      placeholder='Search reports, tickers, companies and people — "exact phrase", -exclude, or'
      value={text}
      maxLength={200}
      leftSection={<SearchIcon />}
      autoFocus={value === undefined}
      onChange={(event) => {
        setText(event.currentTarget.value)
        debounced(event.currentTarget.value)
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter") send(event.currentTarget.value)
      }}
      rightSection={
        text === "" ? null : (
          <CloseButton
            aria-label="Clear search"
            onClick={() => {
              setText("")
              send("")
            }}
          />
        )
      }
    />
  )
}

const SyntaxTips = () => (
  <Stack gap="xs">
    <Text fz="sm" c="dimmed">
      Search matches words in report titles, summaries and bodies — the newest 200 matches, ranked by
      relevance — plus tickers, companies and people. You may use:
    </Text>
    <List fz="sm" spacing={6} listStyleType="none" pl={0}>
      <List.Item>
        <Code>"free cash flow"</Code> — an exact phrase
      </List.Item>
      <List.Item>
        <Code>margins -guidance</Code> — leave out reports that mention a word
      </List.Item>
      <List.Item>
        <Code>upgrade or initiation</Code> — either word
      </List.Item>
    </List>
    <Text fz="sm" c="dimmed">
      Press <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">K</Kbd> anywhere in Folio to search and jump in one
      step.
    </Text>
  </Stack>
)

const Hit = ({ hit }: { readonly hit: ReportHit }) => {
  const report = hit.report
  const date = report.publishedAt ?? report.updatedAt
  return (
    <Stack gap={4} component="article" className={classes.hit} aria-label={report.title}>
      <AnchorLink
        to="/reports/$reportId"
        params={{ reportId: report.id }}
        fw={600}
        fz="md"
        className={classes.hitTitle}
      >
        <Highlight runs={hit.title.length > 0 ? hit.title : [{ text: report.title, hit: false }]} />
      </AnchorLink>
      {hit.snippet.length > 0 && (
        <Text fz="sm" c="dimmed" lineClamp={3} className={classes.snippet}>
          <Highlight runs={hit.snippet} />
        </Text>
      )}
      <Group gap={6} mt={2}>
        {report.status !== "published" && <ReportStatusBadge status={report.status} />}
        <Badge variant="default" radius="sm" size="sm">
          {reportTypeLabels[report.type]}
        </Badge>
        <Text fz="xs" c="dimmed">
          {report.sector} · {formatDate(date)}
          {report.authors.length > 0 ? ` · ${report.authors.map((a) => a.name).join(", ")}` : ""}
        </Text>
        {report.tickers.map((symbol) => (
          <Badge key={symbol} variant="light" radius="sm" size="sm" color="gray" ff="monospace">
            {symbol}
          </Badge>
        ))}
      </Group>
    </Stack>
  )
}

/** Tickers, companies and people that match: compact lists above the reports. */
const OtherMatches = ({ result }: { readonly result: SearchResult }) => {
  const sections = [
    result.tickers.length > 0 && (
      <Stack key="tickers" gap={6} component="section" aria-labelledby="search-tickers">
        <Title order={2} fz="sm" id="search-tickers" c="dimmed" tt="uppercase" lts={0.4}>
          Tickers
        </Title>
        <Group gap="xs">
          {result.tickers.map((ticker) => (
            <AnchorLink
              key={ticker.symbol}
              to="/tickers"
              search={{ symbol: ticker.symbol }}
              underline="never"
            >
              <Paper withBorder radius="md" px="sm" py={6} className={classes.chip}>
                <Text fz="sm" fw={650} ff="monospace" span>
                  {ticker.symbol}
                </Text>{" "}
                <Text fz="sm" c="dimmed" span>
                  {ticker.name}
                </Text>
              </Paper>
            </AnchorLink>
          ))}
        </Group>
      </Stack>
    ),
    result.companies.length > 0 && (
      <Stack key="companies" gap={6} component="section" aria-labelledby="search-companies">
        <Title order={2} fz="sm" id="search-companies" c="dimmed" tt="uppercase" lts={0.4}>
          Companies
        </Title>
        <Group gap="xs">
          {result.companies.map((company) => (
            <AnchorLink
              key={company.id}
              to="/companies/$companyId"
              params={{ companyId: company.id }}
              underline="never"
            >
              <Paper withBorder radius="md" px="sm" py={6} className={classes.chip}>
                <Text fz="sm" fw={600} span>
                  {company.name}
                </Text>{" "}
                <Text fz="xs" c="dimmed" span>
                  {company.kind === "publisher" ? "Publisher" : "Client"}
                </Text>
              </Paper>
            </AnchorLink>
          ))}
        </Group>
      </Stack>
    ),
    result.users.length > 0 && (
      <Stack key="users" gap={6} component="section" aria-labelledby="search-users">
        <Title order={2} fz="sm" id="search-users" c="dimmed" tt="uppercase" lts={0.4}>
          People
        </Title>
        <Group gap="xs">
          {result.users.map((user) => (
            <AnchorLink key={user.id} to="/users/$userId" params={{ userId: user.id }} underline="never">
              <Paper withBorder radius="md" px="sm" py={6} className={classes.chip}>
                <Group gap={6} wrap="nowrap">
                  <Text fz="sm" fw={600} span>
                    {user.name}
                  </Text>
                  <Text fz="xs" c="dimmed" span>
                    {user.company.name}
                  </Text>
                  <RoleBadge role={user.role} />
                </Group>
              </Paper>
            </AnchorLink>
          ))}
        </Group>
      </Stack>
    ),
  ].filter(Boolean)
  return sections.length === 0 ? null : <Stack gap="md">{sections}</Stack>
}

const ResultsPending = () => (
  <Stack gap="lg" role="status" aria-label="Searching">
    {[0, 1, 2, 3].map((row) => (
      <Stack key={row} gap={6}>
        <Skeleton height={18} width="55%" />
        <Skeleton height={12} />
        <Skeleton height={12} width="80%" />
      </Stack>
    ))}
  </Stack>
)

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
                  noun={hits.length === 1 ? "report" : "reports"}
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
