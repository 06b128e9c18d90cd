import { render } from "ink-testing-library"
import { describe, expect, it } from "vitest"
import { TableView } from "../src/ui/TableView.js"
import { type Column, fitCells, plainTable, toCells } from "../src/ui/table.js"

interface Row {
  readonly name: string
  readonly role: string
  readonly note: string
}

const columns: ReadonlyArray<Column<Row>> = [
  { header: "NAME", value: (row) => row.name },
  { header: "ROLE", value: (row) => row.role, tone: (row) => (row.role === "admin" ? "red" : undefined) },
  { header: "NOTE", value: (row) => row.note },
]

const rows: ReadonlyArray<Row> = [
  { name: "Ada Lovelace", role: "admin", note: "" },
  { name: "Grace", role: "reader", note: "two\nlines" },
]

describe("tables", () => {
  it("align plain columns, print empty cells as '-' and keep one row per line", () => {
    expect(plainTable(toCells(columns, rows))).toEqual([
      "NAME          ROLE    NOTE",
      "Ada Lovelace  admin   -",
      "Grace         reader  two lines",
    ])
  })

  it("draw the same cells with Ink", () => {
    const frame = render(<TableView cells={toCells(columns, rows)} color={false} />).lastFrame() ?? ""
    expect(frame.split("\n").map((line) => line.trimEnd())).toEqual([
      "NAME          ROLE    NOTE",
      "Ada Lovelace  admin   -",
      "Grace         reader  two lines",
    ])
  })

  it("leave optional columns out of a terminal too narrow for them, never out of plain output", () => {
    const withOptional: ReadonlyArray<Column<Row>> = [
      { header: "NAME", value: (row) => row.name },
      { header: "NOTE", value: (row) => row.note, optional: true },
      { header: "ROLE", value: (row) => row.role },
    ]
    const cells = toCells(withOptional, rows)
    expect(fitCells(cells, 80)).toEqual(cells)
    const narrow = fitCells(cells, 22)
    expect(narrow.headers).toEqual(["NAME", "ROLE"])
    expect(plainTable(narrow)).toEqual(["NAME          ROLE", "Ada Lovelace  admin", "Grace         reader"])
    expect(plainTable(cells)[0]).toBe("NAME          NOTE       ROLE")
  })
})
