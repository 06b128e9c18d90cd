import type { Output } from "./output.js"
import { renderLines } from "./render.js"
import { visibleText } from "./terminalText.js"

/** How a cell may be coloured in a terminal; plain and piped output never colour. */
export type Tone = "green" | "yellow" | "red" | "gray"

export interface Column<A> {
  readonly header: string
  readonly value: (row: A) => string
  readonly tone?: (row: A) => Tone | undefined
  /** Left out of the terminal table when the table would not fit (never of plain output or JSON). */
  readonly optional?: boolean
  /** The column that wraps when a terminal is too narrow (default: the last one). Ids should not. */
  readonly flexible?: boolean
}

/** A table already reduced to strings, shared by the Ink and plain renderers. */
export interface Cells {
  readonly headers: ReadonlyArray<string>
  readonly optional: ReadonlyArray<boolean>
  readonly flexible: number
  readonly rows: ReadonlyArray<ReadonlyArray<{ readonly text: string; readonly tone: Tone | undefined }>>
}

/**
 * Empty values print as "-" so that columns stay countable for `awk`; line breaks and tabs fold
 * into spaces, and every other control character is made visible (a cell is server text).
 */
const cellText = (text: string): string => (text.trim() === "" ? "-" : visibleText(text).replace(/\s+/g, " "))

export const toCells = <A>(columns: ReadonlyArray<Column<A>>, rows: ReadonlyArray<A>): Cells => ({
  headers: columns.map((column) => column.header),
  optional: columns.map((column) => column.optional === true),
  flexible: Math.max(
    0,
    columns.findIndex((column) => column.flexible === true) === -1
      ? columns.length - 1
      : columns.findIndex((column) => column.flexible === true),
  ),
  rows: rows.map((row) =>
    columns.map((column) => ({ text: cellText(column.value(row)), tone: column.tone?.(row) })),
  ),
})

export const columnWidths = (cells: Cells): ReadonlyArray<number> =>
  cells.headers.map((header, index) =>
    Math.max(header.length, ...cells.rows.map((row) => row[index]?.text.length ?? 0)),
  )

const tableWidth = (cells: Cells): number => columnWidths(cells).reduce((sum, width) => sum + width + 2, -2)

/** Drops optional columns, rightmost first, until the table fits `columns` characters (or none are left). */
export const fitCells = (cells: Cells, columns: number): Cells => {
  let fitted = cells
  while (tableWidth(fitted) > columns) {
    const drop = fitted.optional.lastIndexOf(true)
    if (drop === -1) break
    const keep = (_: unknown, index: number) => index !== drop
    const flexibleHeader = fitted.headers[fitted.flexible]
    const headers = fitted.headers.filter(keep)
    fitted = {
      headers,
      optional: fitted.optional.filter(keep),
      flexible: Math.max(0, flexibleHeader === undefined ? 0 : headers.indexOf(flexibleHeader)),
      rows: fitted.rows.map((row) => row.filter(keep)),
    }
  }
  return fitted
}

/** Whether the table fits once its flexible column is squeezed to a readable width (12). */
const fits = (cells: Cells, columns: number): boolean => {
  const flexible = columnWidths(cells)[cells.flexible] ?? 0
  return tableWidth(cells) - flexible + Math.min(flexible, 12) <= columns
}

/** Aligned columns separated by two spaces, with an upper-case header line. */
export const plainTable = (cells: Cells): ReadonlyArray<string> => {
  const widths = columnWidths(cells)
  const line = (texts: ReadonlyArray<string>) =>
    texts
      .map((text, index) => text.padEnd(widths[index] ?? 0))
      .join("  ")
      .trimEnd()
  return [line(cells.headers), ...cells.rows.map((row) => line(row.map((cell) => cell.text)))]
}

/** Prints a list: an Ink table in a terminal, aligned plain text when piped. */
export const renderTable = async <A>(
  columns: ReadonlyArray<Column<A>>,
  rows: ReadonlyArray<A>,
  out: Output,
): Promise<void> => {
  const cells = toCells(columns, rows)
  if (out.rich) {
    const fitted = fitCells(cells, out.columns)
    if (fits(fitted, out.columns)) {
      const { printTableView } = await import("./TableView.js")
      return printTableView(fitted, out)
    }
  }
  // Piped, or a terminal too narrow for any table: let long lines wrap rather than squeeze columns.
  renderLines(plainTable(cells))
}

/** Label/value rows (one record): Ink in a terminal, aligned plain text when piped. */
export const renderRecord = async (
  rows: ReadonlyArray<readonly [label: string, value: string]>,
  out: Output,
): Promise<void> => {
  const shown = rows.map(([label, value]) => [label, cellText(value)] as const)
  if (out.rich) {
    const { printRecordView } = await import("./TableView.js")
    printRecordView(shown, out)
  } else {
    const width = Math.max(...shown.map(([label]) => label.length))
    renderLines(shown.map(([label, value]) => `${label.padEnd(width)}  ${value}`))
  }
}
