import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import {
  addBatchResult,
  batchKeyOf,
  encodeRecord,
  importBatcher,
  noTotals,
  parseImportFile,
  ReportImportRequest,
  type ReportImportResult,
  spliceRows,
} from "../src/index.js"

const csvOf = (count: number, body = "text", from = 0) =>
  `externalId,title,sector,body\n${Array.from({ length: count }, (_, i) => `R-${from + i},Report number ${from + i},Tech,${body}\n`).join("")}`

const read = (file: string, text: string, limits = { size: 1_000, maxBytes: 4 * 1024 * 1024 }) => {
  const batcher = importBatcher(limits)
  const batches = [...batcher.add(parseImportFile(file, text, "csv")), ...batcher.finish()]
  return { batches, counts: batcher.counts(), issues: batcher.takeIssues() }
}

describe("the import workflow shared by the console and the CLI", () => {
  it("cuts the same rows into the same batches under the same keys, every run", async () => {
    const first = read("a.csv", csvOf(2_500)).batches
    const second = read("a.csv", csvOf(2_500)).batches
    expect(first.map((batch) => batch.size)).toEqual([1_000, 1_000, 500])
    const keys = await Promise.all(first.map((b) => batchKeyOf(b, { upsert: false, dryRun: false })))
    const again = await Promise.all(second.map((b) => batchKeyOf(b, { upsert: false, dryRun: false })))
    expect(again).toEqual(keys)
    expect(new Set(keys).size).toBe(3)
    expect(keys[0]).toMatch(/^sha256-[0-9a-f]{64}$/)
  })

  it("keys the flags too, so a dry run or an upsert never replays a plain import", async () => {
    const [batch] = read("a.csv", csvOf(10)).batches
    if (batch === undefined) throw new Error("no batch")
    const plain = await batchKeyOf(batch, { upsert: false, dryRun: false })
    expect(await batchKeyOf(batch, { upsert: true, dryRun: false })).not.toBe(plain)
    expect(await batchKeyOf(batch, { upsert: false, dryRun: true })).not.toBe(plain)
  })

  it("keeps batches under the byte cap, with at least one row each", () => {
    const big = read("a.csv", csvOf(10, "x".repeat(100_000)), { size: 1_000, maxBytes: 350_000 }).batches
    expect(big.map((batch) => batch.size)).toEqual([3, 3, 3, 1])
    expect(big.every((batch) => batch.bytes <= 350_000)).toBe(true)
    expect(
      read("a.csv", csvOf(2, "x".repeat(150_000)), { size: 1_000, maxBytes: 100_000 }).batches,
    ).toHaveLength(2)
  })

  it("refuses a row whose externalId an earlier row used, across files and batches, naming both places", () => {
    const batcher = importBatcher({ size: 2, maxBytes: 1e9 })
    batcher.add(parseImportFile("a.csv", csvOf(3), "csv"))
    batcher.add(parseImportFile("b.csv", csvOf(2, "text", 2), "csv"))
    batcher.finish()
    expect(batcher.counts()).toEqual({ rows: 5, valid: 4, invalid: 1 })
    expect(batcher.takeIssues()).toEqual([
      {
        file: "b.csv",
        line: 2,
        field: "externalId",
        message: 'externalId "R-2" is already used at a.csv:4; each report may appear once per import',
      },
    ])
  })

  it("sends every field as the contract encodes it, and keys batches as earlier versions did", async () => {
    const csv = [
      "externalId,title,sector,body,tickers,authors,tags,status,rating,targetPrice,targetCurrency,publishedAt,audience",
      'F-1,Full row,Tech,"Line one\nline two ""quoted"" é ✓ 😀",AAPL;MSFT,ana@folio.example,tag,published,buy,123.5,USD,2026-03-31,northwind/Macro desk+24h',
      "F-2,Bare row,Energy,,,,,,,,,,",
    ].join("\n")
    const { batches, issues } = read("full.csv", csv)
    expect(issues).toEqual([])
    const [batch] = batches
    if (batch === undefined) throw new Error("no batch")
    const head = JSON.stringify(
      Schema.encodeSync(ReportImportRequest)({
        batchKey: "key-12345",
        upsert: false,
        dryRun: false,
        rows: [],
      }),
    )
    const sent = Schema.decodeUnknownSync(ReportImportRequest)(JSON.parse(spliceRows(head, batch.rowsJson)))
    expect(sent.rows.map((row) => row.record.externalId)).toEqual(["F-1", "F-2"])
    expect(sent.rows[0]?.record.publishedAt?.toISOString()).toBe("2026-03-31T00:00:00.000Z")
    // Each row's JSON is what the schema encodes: the text earlier versions hashed for the key.
    const encoded = sent.rows.map((row) => JSON.stringify({ ...row, record: encodeRecord(row.record) }))
    expect(batch.rowsJson).toBe(encoded.join(","))
    const before = JSON.stringify({
      options: { upsert: false, dryRun: false },
      rows: sent.rows.map((row) => ({ file: row.file, line: row.line, record: encodeRecord(row.record) })),
    })
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(before))
    const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("")
    expect(await batchKeyOf(batch, { upsert: false, dryRun: false })).toBe(`sha256-${hex}`)
    expect(batch.bytes).toBe(Buffer.byteLength(batch.rowsJson) + 1)
  })

  it("counts a replayed batch's rows as unchanged: a re-run that changed nothing says so", () => {
    const result = (replayed: boolean): ReportImportResult => ({
      batchKey: "k",
      created: 290,
      updated: 0,
      unchanged: 0,
      failed: 10,
      issues: [],
      dryRun: false,
      replayed,
    })
    const batch = 300
    expect(addBatchResult(noTotals, batch, result(false))).toMatchObject({
      created: 290,
      unchanged: 0,
      failed: 10,
    })
    expect(addBatchResult(noTotals, batch, result(true))).toMatchObject({
      sent: 300,
      created: 0,
      updated: 0,
      unchanged: 290,
      failed: 10,
      replayed: 300,
      batchesReplayed: 1,
    })
  })
})
