/**
 * CSV (RFC 4180, with a header row) read a chunk at a time, so a file of any size is parsed in
 * the memory of one row. Cells may be quoted and span lines; `""` inside quotes is a quote; rows
 * end at LF, CRLF or CR. Each row carries the line it starts on; blank lines are skipped.
 */

export interface CsvRow {
  /** The line the row starts on (1-based). */
  readonly line: number
  readonly cells: ReadonlyArray<string>
  /** The row has a problem (see `problems`): its cells are what could be read. */
  readonly broken: boolean
}

export interface CsvProblem {
  readonly line: number
  readonly message: string
}

export interface CsvChunk {
  readonly rows: ReadonlyArray<CsvRow>
  readonly problems: ReadonlyArray<CsvProblem>
}

const COMMA = 44
const QUOTE = 34
const LF = 10
const CR = 13

type State = "start" | "unquoted" | "quoted" | "quoteInQuoted" | "afterQuoted"

/** Feed chunks with `push`, then call `end` once; each returns the rows completed so far. */
export const csvReader = () => {
  let state: State = "start"
  let cell = ""
  let cells: Array<string> = []
  let line = 1
  let rowLine = 1
  let quoteLine = 1
  let rowEmpty = true
  let pendingCr = false
  let crInQuoted = false
  let trailingReported = false
  let broken = false
  let first = true
  let problems: Array<CsvProblem> = []
  let rows: Array<CsvRow> = []

  const endCell = () => {
    cells.push(cell)
    cell = ""
    trailingReported = false
  }
  const endRow = () => {
    endCell()
    if (!(cells.length === 1 && rowEmpty && (cells[0] ?? "").trim() === ""))
      rows.push({ line: rowLine, cells, broken })
    cells = []
    broken = false
    rowEmpty = true
    state = "start"
  }

  const push = (chunk: string): CsvChunk => {
    let text = chunk
    if (first && text.length > 0) {
      first = false
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
    }
    let from = 0
    const take = (to: number) => {
      if (to > from) cell += text.slice(from, to)
    }
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i)
      if (pendingCr) {
        pendingCr = false
        if (c === LF) {
          from = i + 1
          continue
        }
      }
      if (state === "start") {
        if (cells.length === 0 && cell === "") rowLine = line
        if (c === QUOTE) {
          state = "quoted"
          crInQuoted = false
          quoteLine = line
          rowEmpty = false
          from = i + 1
          continue
        }
        state = "unquoted"
        from = i
      }
      if (state === "unquoted") {
        if (c === COMMA) {
          take(i)
          endCell()
          rowEmpty = false
          state = "start"
          from = i + 1
        } else if (c === LF || c === CR) {
          take(i)
          endRow()
          line++
          pendingCr = c === CR
          from = i + 1
        } else if (c !== 32 && c !== 9) rowEmpty = false
        continue
      }
      if (state === "quoted") {
        // A line break inside quotes still moves the line count on (CRLF once).
        if (c === LF) {
          if (!crInQuoted) line++
        } else if (c === CR) line++
        crInQuoted = c === CR
        if (c === QUOTE) {
          take(i)
          state = "quoteInQuoted"
          from = i + 1
        }
        continue
      }
      if (state === "quoteInQuoted") {
        if (c === QUOTE) {
          // `""`: one quote, and the cell goes on.
          cell += '"'
          state = "quoted"
          from = i + 1
          continue
        }
        state = "afterQuoted"
      }
      // afterQuoted: only a comma or the end of the row may follow a closing quote.
      if (c === COMMA) {
        endCell()
        state = "start"
        from = i + 1
      } else if (c === LF || c === CR) {
        endRow()
        line++
        pendingCr = c === CR
        from = i + 1
      } else {
        if (!trailingReported) {
          trailingReported = true
          broken = true
          problems.push({
            line,
            message: "CSV: a quoted cell goes on after its closing quote (put the whole cell in quotes)",
          })
        }
        cell += text[i]
        from = i + 1
      }
    }
    if (state === "unquoted" || state === "quoted") take(text.length)
    const out = { rows, problems }
    rows = []
    problems = []
    return out
  }

  const end = (): CsvChunk => {
    if (state === "quoted") {
      problems.push({ line: quoteLine, message: "CSV: a quoted cell is never closed (a quote is missing)" })
      broken = true
    }
    if (state !== "start" || cells.length > 0 || cell !== "") endRow()
    const out = { rows, problems }
    rows = []
    problems = []
    return out
  }

  return { push, end }
}
