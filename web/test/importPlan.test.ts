import { describe, expect, it } from "vitest"
import { importBatchSize, planImport, previewFile } from "../src/routes/_app/-components/reportImport/preview"

const csv = (from: number, count: number) =>
  `externalId,title,sector\n${Array.from({ length: count }, (_, i) => `ID-${from + i},Console report ${from + i},Tech\n`).join("")}`

describe("the console's import plan (core's workflow, as the CLI runs it)", () => {
  it("refuses an externalId used twice, across files and across batches, and marks the row", () => {
    const first = previewFile("a.csv", 0, csv(0, importBatchSize + 10))
    const second = previewFile("b.csv", 0, csv(3, 2))
    const plan = planImport([first, second])
    expect(plan.batches.map((batch) => batch.size)).toEqual([importBatchSize, 10])
    expect(plan.counts).toEqual({ rows: importBatchSize + 12, valid: importBatchSize + 10, invalid: 2 })
    expect(plan.issues.map((issue) => `${issue.file}:${issue.line} ${issue.message}`)).toEqual([
      'b.csv:2 externalId "ID-3" is already used at a.csv:5; each report may appear once per import',
      'b.csv:3 externalId "ID-4" is already used at a.csv:6; each report may appear once per import',
    ])
    expect(plan.rows.filter((row) => row.problems > 0).map((row) => `${row.file}:${row.line}`)).toEqual([
      "b.csv:2",
      "b.csv:3",
    ])
  })

  it("catches a repeat that lands in a later batch of the same file", () => {
    const text = `${csv(0, importBatchSize + 1)}ID-7,Repeat in the second batch,Tech\n`
    const plan = planImport([previewFile("one.csv", 0, text)])
    expect(plan.issues).toHaveLength(1)
    expect(plan.issues[0]?.line).toBe(importBatchSize + 3)
  })
})
