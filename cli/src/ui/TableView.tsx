import { Box, Text } from "ink"
import { printInk } from "./ink.js"
import type { Output } from "./output.js"
import { type Cells, columnWidths } from "./table.js"

/** A list as a table: bold headers, fixed columns but one, which wraps when the terminal is narrow. */
export const TableView = ({ cells, color }: { readonly cells: Cells; readonly color: boolean }) => {
  const widths = columnWidths(cells)
  const last = cells.headers.length - 1
  // Each column is as wide as its widest cell plus a two-space gap (kept as padding, so that it
  // survives shrinking); only the flexible column may shrink, and its text then wraps.
  const layout = (index: number) => ({
    width: (widths[index] ?? 0) + (index === last ? 0 : 2),
    ...(index === last ? {} : { paddingRight: 2 }),
    flexShrink: index === cells.flexible ? 1 : 0,
  })
  return (
    <Box flexDirection="column">
      <Box>
        {cells.headers.map((header, index) => (
          <Box key={header} {...layout(index)}>
            <Text bold>{header}</Text>
          </Box>
        ))}
      </Box>
      {cells.rows.map((row, rowIndex) => (
        // Rows have no identity of their own beyond their position in this static print.
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows never reorder
        <Box key={rowIndex}>
          {row.map((cell, index) => (
            <Box key={cells.headers[index]} {...layout(index)}>
              <Text
                {...(color && cell.tone !== undefined && cell.tone !== "gray" ? { color: cell.tone } : {})}
                dimColor={cell.tone === "gray" || cell.text === "-"}
              >
                {cell.text}
              </Text>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  )
}

export const RecordView = ({ rows }: { readonly rows: ReadonlyArray<readonly [string, string]> }) => {
  const width = Math.max(...rows.map(([label]) => label.length)) + 2
  return (
    <Box flexDirection="column">
      {rows.map(([label, value]) => (
        <Box key={label}>
          <Box width={width} flexShrink={0}>
            <Text dimColor>{label}</Text>
          </Box>
          <Text>{value === "" ? "-" : value}</Text>
        </Box>
      ))}
    </Box>
  )
}

export const printTableView = (cells: Cells, out: Output): void =>
  printInk(<TableView cells={cells} color={out.colorStdout} />, out)

export const printRecordView = (rows: ReadonlyArray<readonly [string, string]>, out: Output): void =>
  printInk(<RecordView rows={rows} />, out)
