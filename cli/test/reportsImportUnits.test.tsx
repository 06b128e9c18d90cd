import type { ImportRow } from "@folio/core"
import { render } from "ink-testing-library"
import { describe, expect, it } from "vitest"
import { cutBatches } from "../src/services/reportImport.js"
import { ImportProgress } from "../src/ui/ImportProgressView.js"
import type { ProgressState } from "../src/ui/importProgress.js"
import { issuesCsv } from "../src/ui/issues.js"

const state: ProgressState = {
  phase: "sending",
  files: 1,
  total: 9_955,
  sent: 4_000,
  errors: 47,
  batchesDone: 4,
  batches: 10,
  dryRun: false,
  startedAt: 0,
  retry: null,
}

describe("the import progress bar", () => {
  it("shows rows done of total, the rate, the time left and the errors so far", () => {
    const { lastFrame, unmount } = render(<ImportProgress state={state} columns={100} now={4_000} />)
    const frame = lastFrame() ?? ""
    expect(frame).toContain("Importing batch 5 of 10")
    expect(frame).toMatch(/█{16}░{24} 4,000\/9,955 rows {3}40%/)
    expect(frame).toContain("1,000 rows/s · ETA 6 s · 47 errors")
    unmount()
  })

  it("says it is stopping after Ctrl-C, and shows a retry in progress", () => {
    const { lastFrame, unmount } = render(
      <ImportProgress
        state={{
          ...state,
          phase: "stopping",
          retry: "Cannot reach Folio. Retrying batch 5 in 2 s (attempt 2).",
        }}
        columns={100}
        now={4_000}
      />,
    )
    expect(lastFrame()).toContain("Stopping after the batches in flight… (Ctrl-C again to quit at once)")
    expect(lastFrame()).toContain("Retrying batch 5 in 2 s (attempt 2).")
    unmount()
  })
})

const rows = (count: number, body = "text"): ReadonlyArray<{ row: ImportRow; json: string }> =>
  Array.from({ length: count }, (_, index) => {
    const record = { title: `Report ${index}`, sector: "Tech", body } as unknown as ImportRow["record"]
    return { row: { file: "a.csv", line: index + 2, record }, json: JSON.stringify(record) }
  })

describe("import batches", () => {
  const flags = { upsert: false, dryRun: false }

  it("cut the same rows into the same batches under the same keys, every run", () => {
    const first = cutBatches(rows(2_500), flags, 1_000, 4 * 1024 * 1024)
    const second = cutBatches(rows(2_500), flags, 1_000, 4 * 1024 * 1024)
    expect(first.map((batch) => batch.rows.length)).toEqual([1_000, 1_000, 500])
    expect(second.map((batch) => batch.key)).toEqual(first.map((batch) => batch.key))
    expect(new Set(first.map((batch) => batch.key)).size).toBe(3)
    expect(first[0]?.key).toMatch(/^folio-import-v1-[0-9a-f]{64}$/)
  })

  it("key the flags too, so a dry run or an upsert never replays a plain import", () => {
    const plain = cutBatches(rows(10), flags, 1_000, 1e9)[0]?.key
    expect(cutBatches(rows(10), { upsert: true, dryRun: false }, 1_000, 1e9)[0]?.key).not.toBe(plain)
    expect(cutBatches(rows(10), { upsert: false, dryRun: true }, 1_000, 1e9)[0]?.key).not.toBe(plain)
  })

  it("stay under the byte cap, with at least one row each", () => {
    const big = cutBatches(rows(10, "x".repeat(100_000)), flags, 1_000, 350_000)
    expect(big.map((batch) => batch.rows.length)).toEqual([3, 3, 3, 1])
    expect(big.every((batch) => batch.bytes <= 350_000)).toBe(true)
    expect(cutBatches(rows(2, "x".repeat(500_000)), flags, 1_000, 100_000)).toHaveLength(2)
  })
})

describe("--errors-out", () => {
  it("writes file,line,field,message with CSV quoting", () => {
    expect(
      issuesCsv([
        { file: "a b.csv", line: 3, field: "title", message: 'Title "x", too short' },
        { file: "c.csv", line: 9, field: "tickers[0]", message: "Unknown ticker ZZZZ" },
      ]),
    ).toBe(
      'file,line,field,message\na b.csv,3,title,"Title ""x"", too short"\nc.csv,9,tickers[0],Unknown ticker ZZZZ\n',
    )
  })
})
