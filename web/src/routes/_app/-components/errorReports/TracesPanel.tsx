import type { TraceRoute } from "@folio/core"
import { pluralNoun } from "@folio/core"
import { Badge, Box, Group, Stack, Table, Text, Title } from "@mantine/core"
import { useInfiniteQuery, useQuery } from "@tanstack/react-query"
import { traceRoutesQueryOptions, tracesInfiniteQueryOptions } from "../../../../api/errorReports"
import { AnchorLink } from "../directory/AnchorLink"
import { formatRelative, plural } from "../directory/format"
import { EmptyList, InlineError, LoadMore, SectionPending } from "../directory/layout"
import { ButtonLink } from "../reports/ButtonLink"
import classes from "./ErrorReports.module.css"
import { formatMs, routeLabel, shortTraceId } from "./format"
import { When } from "./IssuesPanel"

const RouteName = ({ route }: { readonly route: string }) => {
  const label = routeLabel(route)
  return (
    <>
      <Text component="span" ff="monospace" fz="sm">
        {label}
      </Text>
      {label !== route && (
        <Text ff="monospace" fz="xs" c="dimmed">
          {route}
        </Text>
      )}
    </>
  )
}

const RouteLink = ({ route, selected }: { readonly route: string; readonly selected: boolean }) => (
  <AnchorLink
    to="/developer/reports"
    search={{ tab: "traces", route }}
    replace
    aria-current={selected ? "true" : undefined}
    aria-label={`Traces of ${routeLabel(route)}`}
    c="inherit"
  >
    <RouteName route={route} />
  </AnchorLink>
)

/** On a phone: one line of figures under each route. */
const RouteCards = ({
  routes,
  selected,
}: {
  readonly routes: ReadonlyArray<TraceRoute>
  readonly selected: string | undefined
}) => (
  <Box component="ul" hiddenFrom="sm" className={classes.cards} aria-label="Routes">
    {routes.map((row) => (
      <li key={row.route} className={`${classes.card} ${row.route === selected ? classes.selected : ""}`}>
        <RouteLink route={row.route} selected={row.route === selected} />
        <Text fz="xs" c="dimmed">
          {plural(row.count, "trace")} · p50 {formatMs(row.p50Ms)} · p95 {formatMs(row.p95Ms)} · last seen{" "}
          {formatRelative(row.lastSeen)}
        </Text>
      </li>
    ))}
  </Box>
)

const RoutesTable = ({
  routes,
  selected,
}: {
  readonly routes: ReadonlyArray<TraceRoute>
  readonly selected: string | undefined
}) => (
  <Table.ScrollContainer minWidth={620} visibleFrom="sm">
    <Table highlightOnHover verticalSpacing="sm" aria-label="Routes">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Route</Table.Th>
          <Table.Th ta="right">Traces</Table.Th>
          <Table.Th ta="right">p50</Table.Th>
          <Table.Th ta="right">p95</Table.Th>
          <Table.Th>Last seen</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {routes.map((row) => (
          <Table.Tr key={row.route} className={row.route === selected ? classes.selected : undefined}>
            <Table.Td>
              <RouteLink route={row.route} selected={row.route === selected} />
            </Table.Td>
            <Table.Td ta="right" className={classes.number}>
              {row.count.toLocaleString()}
            </Table.Td>
            <Table.Td ta="right" className={classes.number}>
              {formatMs(row.p50Ms)}
            </Table.Td>
            <Table.Td ta="right" className={classes.number}>
              {formatMs(row.p95Ms)}
            </Table.Td>
            <Table.Td>
              <When at={row.lastSeen} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
)

const RouteTraces = ({ route }: { readonly route: string }) => {
  const query = useInfiniteQuery(tracesInfiniteQueryOptions(route))
  const traces = query.data?.pages.flatMap((page) => page.items) ?? []
  const headingId = "route-traces-heading"
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Title order={2} fz="h4" id={headingId} style={{ overflowWrap: "anywhere" }}>
          Traces of <span className={classes.mono}>{routeLabel(route)}</span>
        </Title>
        <ButtonLink to="/developer/reports" search={{ tab: "traces" }} replace variant="subtle" size="xs">
          Close
        </ButtonLink>
      </Group>
      {query.isPending ? (
        <SectionPending label="Loading traces…" />
      ) : query.isError && query.data === undefined ? (
        <InlineError error={query.error} onRetry={() => void query.refetch()} />
      ) : traces.length === 0 ? (
        <EmptyList
          title="No traces for this route"
          description="Its traces may have expired with the retention period."
        />
      ) : (
        <>
          <Table.ScrollContainer minWidth={680}>
            <Table verticalSpacing="xs" aria-label={`Traces of ${routeLabel(route)}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Received</Table.Th>
                  <Table.Th ta="right">Duration</Table.Th>
                  <Table.Th>Operation</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Deployment</Table.Th>
                  <Table.Th>Trace</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {traces.map((trace) => (
                  // One trace may hold several items of a route (a page load and its navigation spans).
                  <Table.Tr
                    key={`${trace.traceId}-${trace.receivedAt.getTime()}-${trace.op}-${trace.durationMs}`}
                  >
                    <Table.Td>
                      <When at={trace.receivedAt} />
                    </Table.Td>
                    <Table.Td ta="right" className={classes.number}>
                      {formatMs(trace.durationMs)}
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{trace.op ?? "–"}</Text>
                    </Table.Td>
                    <Table.Td>
                      {trace.status === null ? (
                        <Text c="dimmed" fz="sm">
                          –
                        </Text>
                      ) : (
                        <Badge variant="light" radius="sm" color={trace.status === "ok" ? "teal" : "orange"}>
                          {trace.status}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text ff="monospace" fz="xs">
                        {trace.deploymentId ?? "–"}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text ff="monospace" fz="xs" title={trace.traceId}>
                        {shortTraceId(trace.traceId)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <LoadMore
            shown={traces.length}
            noun={pluralNoun(traces.length, "trace", "traces")}
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            error={query.isFetchNextPageError ? query.error : null}
            onLoadMore={() => void query.fetchNextPage()}
          />
        </>
      )}
    </Stack>
  )
}

/** Page loads and navigations per route with their p50 and p95; pick a route to see its traces. */
export const TracesPanel = ({ route }: { readonly route: string | undefined }) => {
  const routes = useQuery(traceRoutesQueryOptions())
  if (routes.isPending) return <SectionPending label="Loading routes…" rows={4} />
  if (routes.isError) return <InlineError error={routes.error} onRetry={() => void routes.refetch()} />
  if (routes.data.items.length === 0) {
    return (
      <EmptyList
        title="No traces yet"
        description="Every page load and navigation in the console is traced; they show up here per route."
      />
    )
  }
  return (
    <Stack gap="xl">
      <RouteCards routes={routes.data.items} selected={route} />
      <RoutesTable routes={routes.data.items} selected={route} />
      {route !== undefined && <RouteTraces route={route} />}
    </Stack>
  )
}
