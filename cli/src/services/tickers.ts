import {
  type ImportIssue,
  parseCsv,
  type Ticker,
  type TickerImportResult,
  TickerInput,
  type TickerInput as TickerInputType,
} from "@folio/core"
import { Effect, Either, ParseResult, Schema } from "effect"
import { call, signedInTarget } from "../api.js"
import type { CliError } from "../cliError.js"
import { findInputFiles, readInputFile } from "./importFiles.js"
import { collectPages, defined, type Paging } from "./lookup.js"

interface Flags {
  readonly url?: string | undefined
}

export interface TickerList {
  readonly url: string
  readonly tickers: ReadonlyArray<Ticker>
  readonly nextCursor: string | null
}

export const listTickers = (
  input: Flags &
    Paging & {
      readonly q?: string | undefined
      readonly sector?: string | undefined
      readonly active?: boolean | undefined
    },
): Effect.Effect<TickerList, CliError> =>
  Effect.gen(function* () {
    const target = yield* signedInTarget(input)
    const page = yield* collectPages(input, (params) =>
      call(target, (client) =>
        client.tickers.list({
          urlParams: defined({ q: input.q, sector: input.sector, active: input.active, ...params }),
        }),
      ),
    )
    return { url: target.url, tickers: page.items, nextCursor: page.nextCursor }
  })

/** The columns of a tickers CSV, in the order `folio tickers import` documents them. */
export const tickerColumns = [
  "symbol",
  "name",
  "exchange",
  "sector",
  "currency",
  "country",
  "active",
] as const
const knownColumns = new Set<string>(tickerColumns)

const truthy = new Set(["true", "yes", "y", "1"])
const falsy = new Set(["false", "no", "n", "0"])

/** CSV cells as TickerInput expects them: blank is absent, `active` is a yes/no word. */
const normalise = (fields: Readonly<Record<string, unknown>>): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value !== "string" || value.trim() === "") continue
    if (key === "active") {
      const word = value.trim().toLowerCase()
      out[key] = truthy.has(word) ? true : falsy.has(word) ? false : value
    } else out[key] = value
  }
  return out
}

const decodeTicker = Schema.decodeUnknownEither(TickerInput, { errors: "all", onExcessProperty: "ignore" })

const messageOf = (issue: ParseResult.ArrayFormatterIssue): string => {
  const field = String(issue.path[0] ?? "")
  if (issue.message === "is missing") return `${field} is required`
  if (field === "active" && issue.message.startsWith("Expected boolean"))
    return 'active is "true" or "false" (or yes/no, 1/0)'
  return issue.message
}

export interface ValidTickers {
  /** Data rows read (valid or not). */
  readonly read: number
  readonly rows: ReadonlyArray<{ readonly line: number; readonly ticker: TickerInputType }>
  readonly issues: ReadonlyArray<ImportIssue>
}

/** Parses and checks a tickers CSV with core's CSV reader and TickerInput schema. */
export const validateTickerCsv = (file: string, text: string): ValidTickers => {
  const parsed = parseCsv(file, text)
  const issues: Array<ImportIssue> = [...parsed.issues]
  const rows: Array<{ line: number; ticker: TickerInputType }> = []
  const first = parsed.records[0]
  if (first !== undefined)
    for (const column of Object.keys(first.fields).filter((name) => !knownColumns.has(name)))
      issues.push({
        file,
        line: 1,
        field: column,
        message: `Unknown column "${column}"; the columns are ${tickerColumns.join(", ")}`,
      })
  const seen = new Map<string, number>()
  for (const record of parsed.records) {
    const decoded = decodeTicker(normalise(record.fields))
    if (Either.isLeft(decoded)) {
      // An optional column also "expects undefined" when its value is wrong; that helps nobody.
      const found = ParseResult.ArrayFormatter.formatErrorSync(decoded.left)
      for (const issue of found.filter(
        (issue, _, all) =>
          !issue.message.startsWith("Expected undefined,") ||
          !all.some((other) => other !== issue && String(other.path[0]) === String(issue.path[0])),
      ))
        issues.push({
          file,
          line: record.line,
          field: issue.path.length > 0 ? issue.path.join(".") : "(row)",
          message: messageOf(issue),
        })
      continue
    }
    const ticker = decoded.right
    const earlier = seen.get(ticker.symbol)
    if (earlier !== undefined) {
      issues.push({
        file,
        line: record.line,
        field: "symbol",
        message: `${ticker.symbol} is already on line ${earlier}`,
      })
      continue
    }
    seen.set(ticker.symbol, record.line)
    rows.push({ line: record.line, ticker })
  }
  issues.sort((a, b) => a.line - b.line)
  return { read: parsed.records.length, rows, issues }
}

/** The server takes at most this many rows per request (TickerImportRequest). */
const maxRowsPerRequest = 5000

export interface TickerImport {
  readonly url: string
  readonly file: string
  readonly dryRun: boolean
  readonly rows: number
  readonly created: number
  readonly updated: number
  readonly unchanged: number
  /** Problems found before sending; when there are any, nothing is sent. */
  readonly issues: ReadonlyArray<ImportIssue>
}

/**
 * `folio tickers import`: every row is checked first, and nothing is sent unless all are valid,
 * because the server applies a file all or nothing (per request of up to 5,000 rows).
 */
export const importTickers = (
  input: Flags & { readonly file: string; readonly dryRun: boolean },
): Effect.Effect<TickerImport, CliError> =>
  Effect.gen(function* () {
    const found = yield* findInputFiles([input.file], "csv", ".csv")
    const file = found.files[0]
    const text = file === undefined ? "" : yield* readInputFile(file)
    const name = file?.name ?? input.file
    const { read, rows, issues } = validateTickerCsv(name, text)
    const base = { file: name, dryRun: input.dryRun, rows: read }
    if (issues.length > 0) return { url: "", ...base, created: 0, updated: 0, unchanged: 0, issues }
    const target = yield* signedInTarget(input)
    const totals = { created: 0, updated: 0, unchanged: 0 }
    for (let start = 0; start < rows.length; start += maxRowsPerRequest) {
      const result: TickerImportResult = yield* call(
        target,
        (client) =>
          client.tickers.import({
            payload: { rows: rows.slice(start, start + maxRowsPerRequest), dryRun: input.dryRun },
          }),
        { timeoutSeconds: 120 },
      )
      totals.created += result.created
      totals.updated += result.updated
      totals.unchanged += result.unchanged
    }
    return { url: target.url, ...base, ...totals, issues: [] }
  })
