import { type Coverage, type CoverageSort, coverageListMax } from "@folio/core"
import { Alert, Button, Paper, Stack, Text } from "@mantine/core"
import { useDisclosure, useDocumentTitle, useMediaQuery } from "@mantine/hooks"
import { useSuspenseQuery } from "@tanstack/react-query"
import { useState } from "react"
import { coverageListQueryOptions } from "../../../../api/coverage"
import { AlertIcon, PlusIcon } from "../../../../components/icons"
import { useShownFilters } from "../directory/DirectoryScreen"
import { plural } from "../directory/format"
import { EmptyList, PageHeader } from "../directory/layout"
import { downloadText } from "../reportImport/issues"
import { CoverageCards } from "./CoverageCards"
import { CoverageFilterBar } from "./CoverageFilterBar"
import { CoverageFormDialog } from "./CoverageFormDialog"
import { CoverageHistoryDrawer } from "./CoverageHistoryDrawer"
import { CoverageTable } from "./CoverageTable"
import { DropCoverageModal } from "./DropCoverageModal"
import { coverageCsv } from "./format"
import { DownloadIcon } from "./icons"
import { useCoverageAccess } from "./permissions"
import { RatingDistributionSection } from "./RatingDistribution"
import { defaultSort } from "./SortHeader"
import { type CoverageSearch, filtersOf, parseRowKey, rowKeyOf } from "./search"

const filterKeys = ["analyst", "symbol", "sector", "rating", "dropped"] as const

/**
 * The coverage universe: who covers which ticker with what call. Filters and sort live in the URL,
 * a row opens its history beside the table, and those allowed initiate, change and drop coverage.
 */
export const CoverageScreen = ({
  search,
  onSearchChange,
}: {
  readonly search: CoverageSearch
  readonly onSearchChange: (change: Partial<CoverageSearch>) => void
}) => {
  const target = parseRowKey(search.history)
  useDocumentTitle(target ? `${target.symbol} · Coverage · Folio` : "Coverage · Folio")
  const access = useCoverageAccess()
  // Read at once (not after a first render), so a phone never flashes the table.
  const isPhone = useMediaQuery("(max-width: 48em)", false, { getInitialValueInEffect: false })
  const { shown, updating } = useShownFilters(filtersOf(search))
  const rows = useSuspenseQuery(coverageListQueryOptions(shown)).data
  const items = rows.items

  const [creating, create] = useDisclosure(false)
  const [editing, setEditing] = useState<Coverage | undefined>(undefined)
  const [dropping, setDropping] = useState<Coverage | undefined>(undefined)

  const open = (row: Coverage) => onSearchChange({ history: rowKeyOf(row) })
  const edit = (row: Coverage) => (access.canManage(row.analystId) ? setEditing : undefined)
  const drop = (row: Coverage) => (access.canManage(row.analystId) ? setDropping : undefined)
  const openRow =
    target === undefined
      ? undefined
      : items.find((row) => row.symbol === target.symbol && row.analystId === target.analystId)
  const rowActions = (row: Coverage) => ({ open, edit: edit(row), drop: drop(row) })
  const filtered = filterKeys.some((key) => search[key] !== undefined)

  // The summary above the table on a desktop; below the cards on a phone, where it would push them away.
  const distribution = (
    <RatingDistributionSection
      selected={search.analyst}
      onAnalyst={(analyst) => onSearchChange({ analyst })}
    />
  )

  const initiate = access.canInitiate ? (
    <Button leftSection={<PlusIcon size={16} />} onClick={create.open}>
      Initiate coverage
    </Button>
  ) : undefined

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title="Coverage"
        description="Who covers which ticker, with what rating and target. Open a row for its history."
        actions={
          <>
            <Button
              variant="default"
              leftSection={<DownloadIcon size={16} />}
              disabled={items.length === 0}
              onClick={() =>
                downloadText(`coverage-${new Date().toISOString().slice(0, 10)}.csv`, coverageCsv(items))
              }
            >
              Export CSV
            </Button>
            {initiate}
          </>
        }
      />
      {!isPhone && distribution}
      <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
        <CoverageFilterBar
          search={search}
          rows={items}
          updating={updating}
          withSort={isPhone}
          onSearchChange={onSearchChange}
        />
        {rows.truncated && (
          <Alert color="yellow" variant="light" icon={<AlertIcon />} mb="md" title="Not every row is shown">
            More than {coverageListMax.toLocaleString()} rows match: narrow the filters.
          </Alert>
        )}
        {items.length === 0 ? (
          filtered ? (
            <EmptyList
              title="No coverage matches these filters"
              description="Try another analyst, sector or rating, or clear the filters."
              action={
                <Button
                  variant="default"
                  onClick={() =>
                    onSearchChange(Object.fromEntries(filterKeys.map((key) => [key, undefined])))
                  }
                >
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyList
              title="No coverage yet"
              description={
                access.canInitiate
                  ? "Initiate coverage of a ticker: its analyst, rating and target price."
                  : "No analyst covers a ticker yet."
              }
              action={initiate}
            />
          )
        ) : (
          <>
            {isPhone ? (
              <CoverageCards rows={items} selected={search.history} dimmed={updating} actions={rowActions} />
            ) : (
              <CoverageTable
                rows={items}
                sort={search.sort ?? defaultSort}
                onSort={(sort: CoverageSort) =>
                  onSearchChange({ sort: sort === defaultSort ? undefined : sort })
                }
                selected={search.history}
                dimmed={updating}
                actions={rowActions}
              />
            )}
            <Text c="dimmed" fz="sm" mt="md" ta="center" aria-live="polite">
              {plural(items.length, "row")}
            </Text>
          </>
        )}
      </Paper>
      {isPhone && distribution}
      <CoverageHistoryDrawer
        target={target}
        row={openRow}
        onClose={() => onSearchChange({ history: undefined })}
        onEdit={openRow && access.canManage(openRow.analystId) ? setEditing : undefined}
        onDrop={openRow && access.canManage(openRow.analystId) ? setDropping : undefined}
      />
      {access.canInitiate && (
        <>
          <CoverageFormDialog
            opened={creating}
            onClose={create.close}
            symbol={search.symbol}
            picksAnalyst={access.picksAnalyst}
            onSaved={open}
          />
          <CoverageFormDialog
            opened={editing !== undefined}
            onClose={() => setEditing(undefined)}
            row={editing}
            picksAnalyst={access.picksAnalyst}
          />
          <DropCoverageModal row={dropping} onClose={() => setDropping(undefined)} />
        </>
      )}
    </Stack>
  )
}
