import { Button, ScrollArea, Stack, Table, Text } from "@mantine/core"
import { type ReactNode, useState } from "react"
import { Section } from "../directory/layout"
import { downloadText } from "../reportImport/issues"
import { formatCount, tableCsv } from "./format"
import { DownloadIcon } from "./icons"

export interface Column<R> {
  readonly header: string
  /** What the cell shows. */
  readonly cell: (row: R) => ReactNode
  /** What the CSV holds for it (plain text or a number, never markup). */
  readonly csv: (row: R) => string | number | null
  readonly numeric?: boolean
  /** Left out on a phone, where the name and the counts need the room (the CSV keeps it). */
  readonly wide?: boolean
}

/** Extra CSV columns that are not on screen: ids a script can join on. */
export interface CsvExtra<R> {
  readonly header: string
  readonly csv: (row: R) => string | number | null
}

/** A count right-aligned in tabular figures. */
export const countColumn = <R,>(header: string, value: (row: R) => number): Column<R> => ({
  header,
  numeric: true,
  cell: (row) => formatCount(value(row)),
  csv: value,
})

/** Rows shown before "Show all". */
const firstRows = 10

/**
 * One breakdown of the range (top reports, by company, by channel…): a table whose first column
 * names the row, scrolling inside its own labelled box when it is wider than the screen, its first
 * ten rows with the rest on demand, and "Export CSV" of every row.
 */
export const Breakdown = <R,>({
  id,
  title,
  description,
  rows,
  rowKey,
  columns,
  csvExtra = [],
  fileName,
  empty,
}: {
  readonly id: string
  readonly title: string
  readonly description?: ReactNode
  readonly rows: ReadonlyArray<R>
  readonly rowKey: (row: R) => string
  readonly columns: ReadonlyArray<Column<R>>
  readonly csvExtra?: ReadonlyArray<CsvExtra<R>>
  readonly fileName: string
  readonly empty: string
}) => {
  const [all, setAll] = useState(false)
  const shown = all ? rows : rows.slice(0, firstRows)
  const [first, ...rest] = columns
  const exportCsv = () =>
    downloadText(
      fileName,
      tableCsv(
        [...columns.map((column) => column.header), ...csvExtra.map((extra) => extra.header)],
        rows.map((row) => [
          ...columns.map((column) => column.csv(row)),
          ...csvExtra.map((extra) => extra.csv(row)),
        ]),
      ),
    )
  return (
    <Section
      id={id}
      title={title}
      description={description}
      actions={
        <Button
          variant="default"
          size="xs"
          leftSection={<DownloadIcon size={14} />}
          disabled={rows.length === 0}
          onClick={exportCsv}
          aria-label={`Export ${title} as CSV`}
        >
          Export CSV
        </Button>
      }
    >
      {rows.length === 0 || first === undefined ? (
        <Text c="dimmed" fz="sm">
          {empty}
        </Text>
      ) : (
        <Stack gap={4}>
          <ScrollArea
            type="auto"
            offsetScrollbars="present"
            viewportProps={{ tabIndex: 0, role: "group", "aria-label": `${title}, scrollable` }}
          >
            <Table
              aria-labelledby={id}
              fz="sm"
              verticalSpacing={6}
              horizontalSpacing={8}
              striped
              highlightOnHover
            >
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th
                      key={column.header}
                      scope="col"
                      ta={column.numeric ? "right" : undefined}
                      {...(column.wide ? { visibleFrom: "sm" } : {})}
                    >
                      {column.header}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((row) => (
                  <Table.Tr key={rowKey(row)}>
                    <Table.Th scope="row" fw={500} style={{ overflowWrap: "anywhere", minWidth: "8rem" }}>
                      {first.cell(row)}
                    </Table.Th>
                    {rest.map((column) => (
                      <Table.Td
                        key={column.header}
                        ta={column.numeric ? "right" : undefined}
                        {...(column.wide ? { visibleFrom: "sm" } : {})}
                        style={
                          column.numeric
                            ? { fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }
                            : undefined
                        }
                      >
                        {column.cell(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {rows.length > firstRows && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setAll((open) => !open)}
              style={{ alignSelf: "flex-start" }}
            >
              {all ? `Show the first ${firstRows}` : `Show all ${formatCount(rows.length)}`}
            </Button>
          )}
        </Stack>
      )}
    </Section>
  )
}
