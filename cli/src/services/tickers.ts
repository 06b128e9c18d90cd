import { type ImportIssue, parseTickerCsv, type Ticker, type TickerImportResult } from "@folio/core"
import { Effect } from "effect"
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
    const csv = parseTickerCsv(name, text)
    const rows = csv.rows
    const issues = csv.issues
    const base = { file: name, dryRun: input.dryRun, rows: csv.total }
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
