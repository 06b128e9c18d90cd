import { render } from "ink-testing-library"
import { describe, expect, it } from "vitest"
import { ImportProgress } from "../src/ui/ImportProgressView.js"
import type { ProgressState } from "../src/ui/importProgress.js"
import { issuesCsv } from "../src/ui/issues.js"

const state: ProgressState = {
  phase: "sending",
  files: 1,
  bytesTotal: 10_000_000,
  bytesRead: 4_000_000,
  read: 4_100,
  sent: 4_000,
  errors: 47,
  batchesDone: 4,
  dryRun: false,
  startedAt: 0,
  retry: null,
}

describe("the import progress bar", () => {
  it("shows rows done, how much of the files is read, the rate, the time left and the errors so far", () => {
    const { lastFrame, unmount } = render(<ImportProgress state={state} columns={100} now={4_000} />)
    const frame = lastFrame() ?? ""
    expect(frame).toContain("Importing batch 5 (4,100 rows read)")
    expect(frame).toMatch(/█{16}░{24} 4,000 rows {3}40% read/)
    expect(frame).toContain("1,000 rows/s · ETA 6 s · 47 errors")
    unmount()
  })

  it("reading stdin, whose size is unknown, shows the rows and the rate without a bar or an ETA", () => {
    const { lastFrame, unmount } = render(
      <ImportProgress state={{ ...state, bytesTotal: null }} columns={100} now={4_000} />,
    )
    const frame = lastFrame() ?? ""
    expect(frame).not.toContain("█")
    expect(frame).toContain("4,000 rows")
    expect(frame).toContain("1,000 rows/s · ETA - · 47 errors")
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
