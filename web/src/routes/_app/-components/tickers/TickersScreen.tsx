import type { Ticker } from "@folio/core"
import { pluralNoun } from "@folio/core"
import { Badge, Button, CloseButton, Text, UnstyledButton } from "@mantine/core"
import { useDisclosure, useDocumentTitle } from "@mantine/hooks"
import { useSuspenseInfiniteQuery } from "@tanstack/react-query"
import { useState } from "react"
import { type TickerFilters, tickersInfiniteQueryOptions } from "../../../../api/tickers"
import { PlusIcon } from "../../../../components/icons"
import {
  type DirectoryColumn,
  DirectoryScreen,
  FilterSelect,
  useShownFilters,
} from "../directory/DirectoryScreen"
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

/** The columns; `open` shows a ticker in the side panel, `onSector` filters by its sector. */
const columnsOf = (
  open: (symbol: string) => void,
  onSector: (sector: string) => void,
): ReadonlyArray<DirectoryColumn<Ticker>> => [
  {
    header: "Symbol",
    cell: (ticker) => (
      <UnstyledButton
        className={classes.symbol}
        onClick={() => open(ticker.symbol)}
        aria-label={`Open ${ticker.symbol}, ${ticker.name}`}
      >
        {ticker.symbol}
      </UnstyledButton>
    ),
  },
  { header: "Name", cell: (ticker) => ticker.name },
  { header: "Exchange", cell: (ticker) => ticker.exchange },
  {
    header: "Sector",
    cell: (ticker) => (
      <UnstyledButton
        fz="sm"
        className={classes.sector}
        onClick={() => onSector(ticker.sector)}
        title={`Only ${ticker.sector}`}
      >
        {ticker.sector}
      </UnstyledButton>
    ),
  },
  { header: "Currency", cell: (ticker) => ticker.currency },
  { header: "Country", cell: (ticker) => ticker.country },
  {
    header: "Status",
    cell: (ticker) => (
      <Badge variant="light" radius="sm" color={ticker.active ? "teal" : "gray"}>
        {ticker.active ? "Active" : "Inactive"}
      </Badge>
    ),
  },
  {
    header: "Reports",
    align: "right",
    cell: (ticker) =>
      ticker.reportCount === 0 ? (
        <Text component="span" c="dimmed" fz="sm">
          —
        </Text>
      ) : (
        ticker.reportCount.toLocaleString()
      ),
  },
]

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
  const { shown, updating } = useShownFilters(filters)
  const list = useSuspenseInfiniteQuery(tickersInfiniteQueryOptions(shown))

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
    <DirectoryScreen
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
      filters={filters}
      onFiltersChange={onSearchChange}
      filterBar={{
        label: "Filter tickers",
        children: (
          <>
            <SearchInput
              label="Search"
              placeholder="Symbol or name"
              value={search.q}
              onSearch={(q) => onSearchChange({ q })}
            />
            <FilterSelect
              label="Status"
              anyLabel="Any status"
              value={search.active === undefined ? undefined : search.active ? "active" : "inactive"}
              onChange={(status) =>
                onSearchChange({ active: status === undefined ? undefined : status === "active" })
              }
              options={[
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
          </>
        ),
      }}
      updating={updating}
      list={list}
      label="Tickers"
      columns={columnsOf(open, (sector) => onSearchChange({ sector }))}
      rowKey={(ticker) => ticker.symbol}
      rowProps={(ticker) => ({
        className: classes.row,
        "data-selected": ticker.symbol === search.symbol || undefined,
        onClick: (event) => {
          // Clicks on the row's own controls are theirs.
          if ((event.target as HTMLElement).closest("button, a")) return
          open(ticker.symbol)
        },
      })}
      minWidth={880}
      noun={(count) => pluralNoun(count, "ticker", "tickers")}
      empty={{
        noMatch: "No ticker matches these filters",
        title: "No tickers yet",
        description: canManage
          ? "Add the securities you cover one by one, or import a CSV of them."
          : "Nobody has added a ticker yet.",
        action: newTicker,
      }}
    >
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
    </DirectoryScreen>
  )
}
