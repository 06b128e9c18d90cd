import type { Ticker } from "@folio/core"
import { pluralNoun } from "@folio/core"
import {
  Badge,
  Button,
  CloseButton,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from "@mantine/core"
import { useDisclosure, useDocumentTitle } from "@mantine/hooks"
import { useSuspenseInfiniteQuery } from "@tanstack/react-query"
import { useDeferredValue, useState } from "react"
import { type TickerFilters, tickersInfiniteQueryOptions } from "../../../../api/tickers"
import { PlusIcon } from "../../../../components/icons"
import { EmptyList, LoadMore, PageHeader } from "../directory/layout"
import { useCanManage } from "../directory/permissions"
import { SearchInput } from "../directory/SearchInput"
import { TickerFormDialog } from "./TickerFormDialog"
import { TickerImportDialog } from "./TickerImportDialog"
import { TickerPanel } from "./TickerPanel"
import classes from "./TickersScreen.module.css"

export interface TickersSearch extends TickerFilters {
  /** The ticker open in the side panel. */
  readonly symbol?: string | undefined
}

const Dash = () => (
  <Text component="span" c="dimmed" fz="sm">
    —
  </Text>
)

export const TickersScreen = ({
  search,
  onSearchChange,
}: {
  readonly search: TickersSearch
  readonly onSearchChange: (change: Partial<TickersSearch>) => void
}) => {
  useDocumentTitle(search.symbol ? `${search.symbol} · Tickers · Folio` : "Tickers · Folio")
  const canManage = useCanManage("tickers.manage")
  const filters: TickerFilters = { q: search.q, sector: search.sector, active: search.active }
  // While the next filter's rows load, the current ones stay on screen.
  const shown = useDeferredValue(filters)
  const query = useSuspenseInfiniteQuery(tickersInfiniteQueryOptions(shown))
  const tickers = query.data.pages.flatMap((page) => page.items)
  const filtered = filters.q !== undefined || filters.sector !== undefined || filters.active !== undefined
  const updating = shown.q !== filters.q || shown.sector !== filters.sector || shown.active !== filters.active

  const [creating, create] = useDisclosure(false)
  const [importing, importDialog] = useDisclosure(false)
  const [editing, setEditing] = useState<Ticker | undefined>(undefined)

  const open = (symbol: string) => onSearchChange({ symbol })
  const newTicker = canManage ? (
    <Button leftSection={<PlusIcon size={16} />} onClick={create.open}>
      New ticker
    </Button>
  ) : undefined

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title="Tickers"
        description="The securities research is written about. Open one for its details and reports."
        actions={
          canManage ? (
            <>
              <Button variant="default" onClick={importDialog.open}>
                Import CSV
              </Button>
              {newTicker}
            </>
          ) : undefined
        }
      />
      <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
        <Group component="search" aria-label="Filter tickers" gap="sm" align="flex-end" mb="md" wrap="wrap">
          <SearchInput
            label="Search"
            placeholder="Symbol or name"
            value={search.q}
            onSearch={(q) => onSearchChange({ q })}
          />
          <NativeSelect
            label="Status"
            value={search.active === undefined ? "" : search.active ? "active" : "inactive"}
            onChange={(event) => {
              const value = event.currentTarget.value
              onSearchChange({ active: value === "" ? undefined : value === "active" })
            }}
            data={[
              { value: "", label: "Any status" },
              { value: "active", label: "Active" },
              { value: "inactive", label: "Inactive" },
            ]}
          />
          {search.sector !== undefined && (
            <Badge
              size="lg"
              variant="light"
              radius="sm"
              mb={4}
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={`Remove the sector filter ${search.sector}`}
                  onClick={() => onSearchChange({ sector: undefined })}
                />
              }
            >
              Sector: {search.sector}
            </Badge>
          )}
          {updating && <Loader size="sm" mb={8} aria-label="Updating the list" />}
        </Group>
        {tickers.length === 0 ? (
          filtered ? (
            <EmptyList
              title="No ticker matches these filters"
              description="Try another search, or clear the filters."
              action={
                <Button
                  variant="default"
                  onClick={() => onSearchChange({ q: undefined, sector: undefined, active: undefined })}
                >
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyList
              title="No tickers yet"
              description={
                canManage
                  ? "Add the securities you cover one by one, or import a CSV of them."
                  : "Nobody has added a ticker yet."
              }
              action={newTicker}
            />
          )
        ) : (
          <>
            <Table.ScrollContainer minWidth={880}>
              <Table highlightOnHover verticalSpacing="sm" aria-label="Tickers" opacity={updating ? 0.6 : 1}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Symbol</Table.Th>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Exchange</Table.Th>
                    <Table.Th>Sector</Table.Th>
                    <Table.Th>Currency</Table.Th>
                    <Table.Th>Country</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th ta="right">Reports</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {tickers.map((ticker) => (
                    <Table.Tr
                      key={ticker.symbol}
                      className={classes.row}
                      data-selected={ticker.symbol === search.symbol || undefined}
                      onClick={(event) => {
                        // Clicks on the row's own controls are theirs.
                        if ((event.target as HTMLElement).closest("button, a")) return
                        open(ticker.symbol)
                      }}
                    >
                      <Table.Td>
                        <UnstyledButton
                          className={classes.symbol}
                          onClick={() => open(ticker.symbol)}
                          aria-label={`Open ${ticker.symbol}, ${ticker.name}`}
                        >
                          {ticker.symbol}
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td>{ticker.name}</Table.Td>
                      <Table.Td>{ticker.exchange}</Table.Td>
                      <Table.Td>
                        <UnstyledButton
                          fz="sm"
                          className={classes.sector}
                          onClick={() => onSearchChange({ sector: ticker.sector })}
                          title={`Only ${ticker.sector}`}
                        >
                          {ticker.sector}
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td>{ticker.currency}</Table.Td>
                      <Table.Td>{ticker.country}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" radius="sm" color={ticker.active ? "teal" : "gray"}>
                          {ticker.active ? "Active" : "Inactive"}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">
                        {ticker.reportCount === 0 ? <Dash /> : ticker.reportCount.toLocaleString()}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <LoadMore
              shown={tickers.length}
              noun={pluralNoun(tickers.length, "ticker", "tickers")}
              hasMore={query.hasNextPage}
              loading={query.isFetchingNextPage}
              error={query.isFetchNextPageError ? query.error : null}
              onLoadMore={() => void query.fetchNextPage()}
            />
          </>
        )}
      </Paper>
      <TickerPanel
        symbol={search.symbol}
        onClose={() => onSearchChange({ symbol: undefined })}
        onEdit={canManage ? setEditing : undefined}
      />
      {canManage && (
        <>
          <TickerFormDialog
            opened={creating}
            onClose={create.close}
            onSaved={(ticker) => open(ticker.symbol)}
          />
          <TickerFormDialog
            opened={editing !== undefined}
            ticker={editing}
            onClose={() => setEditing(undefined)}
          />
          <TickerImportDialog opened={importing} onClose={importDialog.close} />
        </>
      )}
    </Stack>
  )
}
