import {
  cutIntoBatches,
  type ImportRow,
  importBatchMaxBytes,
  type ReportImportRequest,
  type ReportImportResult,
  utf8Bytes,
} from "@folio/core"
import { callApi } from "./client"

/** One batch of rows; a `batchKey` the server has seen returns the first result without writing again. */
export const importReportBatch = (payload: ReportImportRequest): Promise<ReportImportResult> =>
  callApi((client) => client.reports.import({ payload }))

/** Rows per request: small enough for a quick answer and a smooth progress bar. */
const importBatchSize = 500

/**
 * The rows in batches of at most `importBatchSize` rows and `importBatchMaxBytes` of JSON, in
 * order: long reports go in smaller batches, so no request passes what the server reads.
 */
export const importBatchesOf = (rows: ReadonlyArray<ImportRow>): ReadonlyArray<ReadonlyArray<ImportRow>> =>
  cutIntoBatches(rows, { size: importBatchSize, maxBytes: importBatchMaxBytes }, (row) =>
    utf8Bytes(JSON.stringify(row)),
  )

const hex = (bytes: ArrayBuffer): string =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("")

/** FNV-1a (two 32-bit lanes) for pages served without a secure context, where `crypto.subtle` is absent. */
const fallbackDigest = (text: string): string => {
  let a = 0x811c9dc5
  let b = 0x01000193 ^ text.length
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    a = Math.imul(a ^ c, 0x01000193) >>> 0
    b = Math.imul(b ^ c ^ (i & 0xff), 0x5bd1e995) >>> 0
  }
  return `${a.toString(16).padStart(8, "0")}${b.toString(16).padStart(8, "0")}`
}

/**
 * The batch's idempotency key: a SHA-256 of its rows and options, so sending the same batch again
 * (a retry after a lost answer, a resumed import) can never create its reports twice.
 */
export const batchKeyOf = async (
  rows: ReadonlyArray<ImportRow>,
  options: { readonly upsert: boolean; readonly dryRun: boolean },
): Promise<string> => {
  const text = JSON.stringify({ options, rows })
  const subtle = globalThis.crypto?.subtle
  if (subtle === undefined) return `fnv-${fallbackDigest(text)}`
  const digest = await subtle.digest("SHA-256", new TextEncoder().encode(text))
  return `sha256-${hex(digest)}`
}
