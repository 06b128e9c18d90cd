import { Either } from "effect"
import type { ImportRow, ReportImportResult } from "../api/reports.js"
import { utf8Bytes } from "./batches.js"
import { externalIdIndex, type Place } from "./externalIdIndex.js"
import type { ParsedFile } from "./formats.js"
import { type ImportIssue, validateRecord } from "./reportRecord.js"

/**
 * The client side of a report import, written once for the console and the CLI: rows are
 * validated as they are read, a row reusing an earlier row's externalId is refused, valid rows
 * are cut into batches (by count and by bytes) in file order, each batch gets a key from its
 * content, and the server's answers add up to a summary that tells the truth about a re-run.
 * The server checks every row again; this saves the round trip and names the place.
 */

export interface ImportFlags {
  readonly upsert: boolean
  readonly dryRun: boolean
}

export interface ImportBatch {
  /** 0-based, in file order. */
  readonly index: number
  /** How many rows. */
  readonly size: number
  /**
   * The rows as the items of a JSON array (`{"file":…,"line":…,"record":…},…`), encoded once when
   * the row is checked: the batch key and the request body are both made from this text, and a
   * batch waiting to be sent holds one string instead of its rows' objects.
   */
  readonly rowsJson: string
  /** UTF-8 bytes of `rowsJson`: about what the request body weighs. */
  readonly bytes: number
}

export interface ImportCounts {
  /** Every row read, valid or not. */
  readonly rows: number
  readonly valid: number
  /** Rows refused before sending: unreadable, invalid, or a repeated externalId. */
  readonly invalid: number
}

/**
 * A checked row as JSON. A decoded ReportRecord stringifies to its encoded form (its only
 * non-JSON value, `publishedAt`, is a Date, whose toJSON is the ISO text the schema encodes), so
 * the row is not run through the schema a second time; a test holds this to `encodeRecord`.
 */
const rowJsonOf = (row: ImportRow): string => JSON.stringify(row)

/**
 * A copy of `text` that holds only its own characters. A value parsed out of a chunk of a file is
 * often a slice of that chunk, and V8 keeps the whole chunk (a megabyte) alive while the slice
 * lives: kept for the whole import, as the externalIds seen and the issues are, slices would
 * hold every chunk read, and the CLI's memory would grow with the file.
 */
const ownCopy = (text: string): string => ` ${text}`.slice(1)

const keptIssue = (issue: ImportIssue): ImportIssue => ({
  file: issue.file,
  line: issue.line,
  field: ownCopy(issue.field),
  message: ownCopy(issue.message),
})

/**
 * Takes parsed chunks of files in order and gives back the batches they complete. `finish` gives
 * the last, partial batch. Memory is one batch, 16–32 bytes per externalId seen and each file's name.
 */
export const importBatcher = (limits: { readonly size: number; readonly maxBytes: number }) => {
  // Every externalId seen, with where: the one thing the import keeps for every row.
  const externalIds = externalIdIndex()
  // The files in the order met; a file's rows come together, so only the last one is looked up.
  const fileNames: Array<string> = []
  let lastFile: string | undefined
  const placeOf = (place: Place) => `${fileNames[place.file] ?? "?"}:${place.line}`
  const fileNumber = (file: string) => {
    if (file !== lastFile) {
      lastFile = file
      // A file's name comes from the list of files, not from a chunk: no copy needed.
      fileNames.push(file)
    }
    return fileNames.length - 1
  }
  const issues: Array<ImportIssue> = []
  let current: Array<string> = []
  let currentBytes = 0
  let index = 0
  let rows = 0
  let valid = 0
  let invalid = 0

  const close = (): ImportBatch => {
    const batch = { index: index++, size: current.length, rowsJson: current.join(","), bytes: currentBytes }
    current = []
    currentBytes = 0
    return batch
  }

  const add = (parsed: ParsedFile): ReadonlyArray<ImportBatch> => {
    const done: Array<ImportBatch> = []
    for (const issue of parsed.issues) issues.push(keptIssue(issue))
    // A row the parser could not read at all (or a whole file) is one refused row per line.
    const unreadable = new Set(parsed.issues.map((issue) => `${issue.file}:${issue.line}`)).size
    rows += unreadable + (parsed.refusedRows ?? 0)
    invalid += unreadable + (parsed.refusedRows ?? 0)
    for (const raw of parsed.records) {
      rows++
      const checked = validateRecord(raw)
      if (Either.isLeft(checked)) {
        for (const issue of checked.left) issues.push(keptIssue(issue))
        invalid++
        continue
      }
      const { record } = checked.right
      if (record.externalId !== undefined) {
        const seen = externalIds.firstUse(record.externalId, { file: fileNumber(raw.file), line: raw.line })
        if (seen !== undefined) {
          issues.push(
            keptIssue({
              file: raw.file,
              line: raw.line,
              field: "externalId",
              message: `externalId "${record.externalId}" is already used at ${placeOf(seen)}; each report may appear once per import`,
            }),
          )
          invalid++
          continue
        }
      }
      valid++
      const json = rowJsonOf({ file: raw.file, line: raw.line, record })
      // The row and the comma before it.
      const bytes = utf8Bytes(json) + 1
      if (current.length >= limits.size || (current.length > 0 && currentBytes + bytes > limits.maxBytes)) {
        done.push(close())
      }
      current.push(json)
      currentBytes += bytes
    }
    return done
  }

  const finish = (): ReadonlyArray<ImportBatch> => (current.length > 0 ? [close()] : [])

  const counts = (): ImportCounts => ({ rows, valid, invalid })

  /** The problems found so far, parse and validation, in the order met; `take` empties the list. */
  const takeIssues = (): Array<ImportIssue> => issues.splice(0)

  return { add, finish, counts, takeIssues }
}

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
 * The batch's idempotency key: a SHA-256 of its rows (file, line, record) and flags. The same
 * command over the same files cuts the same batches and so sends the same keys, and the server
 * answers a key it has applied from its record: a retry after a lost answer, or a re-run after an
 * interruption, never writes a row twice. Any change to a row gives its batch a new key.
 */
export const batchKeyOf = async (batch: ImportBatch, flags: ImportFlags): Promise<string> => {
  const text = `{"options":${JSON.stringify({ upsert: flags.upsert, dryRun: flags.dryRun })},"rows":[${batch.rowsJson}]}`
  const subtle = globalThis.crypto?.subtle
  if (subtle === undefined) return `fnv-${fallbackDigest(text)}`
  const digest = await subtle.digest("SHA-256", new TextEncoder().encode(text))
  return `sha256-${hex(digest)}`
}

/**
 * A new import's id (a UUID v4): every batch of one run carries it, so the server can refuse an
 * externalId that an earlier batch of the same import sent. `crypto.getRandomValues` also works on
 * pages served without a secure context, where `randomUUID` is absent.
 */
export const newImportId = (): string => {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export interface ImportTotals {
  /** Rows sent and answered. */
  readonly sent: number
  readonly created: number
  readonly updated: number
  readonly unchanged: number
  /** Rows the server refused. */
  readonly failed: number
  /** Rows of batches an earlier run had already applied: counted as unchanged. */
  readonly replayed: number
  readonly batches: number
  readonly batchesReplayed: number
}

export const noTotals: ImportTotals = {
  sent: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  failed: 0,
  replayed: 0,
  batches: 0,
  batchesReplayed: 0,
}

/**
 * One answered batch added to the totals. A replayed batch's rows were applied by an earlier
 * run, so this run changed none of them: they count as unchanged, not as the first run's
 * created or updated (a re-run of the same file says "0 created, 0 updated, 300 unchanged").
 */
export const addBatchResult = (
  totals: ImportTotals,
  rows: number,
  result: ReportImportResult,
): ImportTotals => {
  const applied = result.created + result.updated + result.unchanged
  return {
    sent: totals.sent + rows,
    created: totals.created + (result.replayed ? 0 : result.created),
    updated: totals.updated + (result.replayed ? 0 : result.updated),
    unchanged: totals.unchanged + (result.replayed ? applied : result.unchanged),
    failed: totals.failed + result.failed,
    replayed: totals.replayed + (result.replayed ? rows : 0),
    batches: totals.batches + 1,
    batchesReplayed: totals.batchesReplayed + (result.replayed ? 1 : 0),
  }
}
