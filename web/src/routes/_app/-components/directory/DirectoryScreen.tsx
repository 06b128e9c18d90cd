import { Button, Group, Loader, NativeSelect, Paper, Stack, Table, type TableTrProps } from "@mantine/core"
import { type ReactNode, useDeferredValue } from "react"
import { EmptyList, LoadMore, PageHeader } from "./layout"

/** One column of a directory's table: its heading and what each row shows in it. */
export interface DirectoryColumn<T> {
  readonly header: ReactNode
  readonly cell: (row: T) => ReactNode
  /** Numbers and row actions line up on the right. */
  readonly align?: "right"
  readonly width?: number
}

/** The part of an infinite query a directory reads: its pages of rows and the next page. */
export interface DirectoryList<T> {
  readonly data: { readonly pages: ReadonlyArray<{ readonly items: ReadonlyArray<T> }> }
  readonly hasNextPage: boolean
  readonly isFetchingNextPage: boolean
  readonly isFetchNextPageError: boolean
  readonly error: unknown
  readonly fetchNextPage: () => Promise<unknown>
}

/**
 * The filters the list is showing, a step behind the URL's: while the next filter's rows load,
 * the current ones stay on screen (dimmed, with a spinner in the filter bar).
 */
export const useShownFilters = <F extends object>(filters: F): { shown: F; updating: boolean } => {
  const shown = useDeferredValue(filters)
  const updating = (Object.keys({ ...shown, ...filters }) as Array<keyof F>).some(
    (key) => shown[key] !== filters[key],
  )
  return { shown, updating }
}

/** A filter of the filter bar: one value of a few, or "any" (absent from the URL). */
export const FilterSelect = <V extends string>({
  label,
  anyLabel,
  value,
  options,
  onChange,
}: {
  readonly label: string
  /** The first option, which sets no filter: "Any status", "All kinds". */
  readonly anyLabel: string
  readonly value: V | undefined
  readonly options: ReadonlyArray<{ readonly value: V; readonly label: string }>
  readonly onChange: (value: V | undefined) => void
}) => (
  <NativeSelect
    label={label}
    value={value ?? ""}
    onChange={(event) => onChange((event.currentTarget.value || undefined) as V | undefined)}
    data={[{ value: "", label: anyLabel }, ...options]}
  />
)

export interface DirectoryScreenProps<T, F extends object> {
  readonly title: string
  readonly description: ReactNode
  /** The screen's actions beside its title ("New company"). */
  readonly actions?: ReactNode
  /** The filters in the URL: any of them set makes an empty list "no match" with "Clear filters". */
  readonly filters: F
  readonly onFiltersChange: (change: Partial<F>) => void
  /** The filter bar: its accessible name and its controls; absent when the screen has none. */
  readonly filterBar?: { readonly label: string; readonly children: ReactNode } | undefined
  /** True while the list still shows the rows of the previous filters. */
  readonly updating: boolean
  readonly list: DirectoryList<T>
  /** The table's accessible name ("Companies"). */
  readonly label: string
  readonly columns: ReadonlyArray<DirectoryColumn<T>>
  readonly rowKey: (row: T) => string
  readonly rowProps?: ((row: T) => TableTrProps) | undefined
  /** Below this width the table scrolls inside its own box (a phone), not the page. */
  readonly minWidth: number
  /** The counted noun under the table: "1 company", "2 companies". */
  readonly noun: (count: number) => string
  /** An empty list: `noMatch` when filters are set, else `title`, `description` and `action`. */
  readonly empty: {
    readonly noMatch: string
    readonly title: string
    readonly description?: ReactNode
    readonly action?: ReactNode
  }
  /** After the list's card: side panels and dialogs the screen opens. */
  readonly children?: ReactNode
}

/**
 * A directory screen (companies, users, tickers): the title with its actions, a filter bar whose
 * values live in the URL, the table (scrolling in its own box on a phone) or the reason it is
 * empty, and the count of rows with "Load more". A screen declares its columns, filters and actions.
 */
export const DirectoryScreen = <T, F extends object>({
  title,
  description,
  actions,
  filters,
  onFiltersChange,
  filterBar,
  updating,
  list,
  label,
  columns,
  rowKey,
  rowProps,
  minWidth,
  noun,
  empty,
  children,
}: DirectoryScreenProps<T, F>) => {
  const rows = list.data.pages.flatMap((page) => page.items)
  const filtered = Object.values(filters).some((value) => value !== undefined)
  const clear = Object.fromEntries(Object.keys(filters).map((key) => [key, undefined])) as Partial<F>
  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader title={title} description={description} actions={actions} />
      <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
        {filterBar !== undefined && (
          <Group
            component="search"
            aria-label={filterBar.label}
            gap="sm"
            align="flex-end"
            mb="md"
            wrap="wrap"
          >
            {filterBar.children}
            {updating && <Loader size="sm" mb={8} aria-label="Updating the list" />}
          </Group>
        )}
        {rows.length === 0 ? (
          filtered ? (
            <EmptyList
              title={empty.noMatch}
              description="Try another search, or clear the filters."
              action={
                <Button variant="default" onClick={() => onFiltersChange(clear)}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyList title={empty.title} description={empty.description} action={empty.action} />
          )
        ) : (
          <>
            <Table.ScrollContainer minWidth={minWidth}>
              <Table highlightOnHover verticalSpacing="sm" aria-label={label} opacity={updating ? 0.6 : 1}>
                <Table.Thead>
                  <Table.Tr>
                    {columns.map((column, index) => (
                      // Columns are declared once per screen and never reorder.
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      <Table.Th key={index} ta={column.align} w={column.width}>
                        {column.header}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={rowKey(row)} {...rowProps?.(row)}>
                      {columns.map((column, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: the columns never reorder
                        <Table.Td key={index} ta={column.align}>
                          {column.cell(row)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <LoadMore
              shown={rows.length}
              noun={noun(rows.length)}
              hasMore={list.hasNextPage}
              loading={list.isFetchingNextPage}
              error={list.isFetchNextPageError ? list.error : null}
              onLoadMore={() => void list.fetchNextPage()}
            />
          </>
        )}
      </Paper>
      {children}
    </Stack>
  )
}
