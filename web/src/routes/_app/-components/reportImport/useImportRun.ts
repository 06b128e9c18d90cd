import {
  addBatchResult,
  type ImportTotals as BatchTotals,
  batchKeyOf,
  type ImportBatch,
  type ImportIssue,
  newImportId,
  noTotals,
  type ReportImportResult,
} from "@folio/core"
import { useQueryClient } from "@tanstack/react-query"
import { useRef, useState } from "react"
import { importReportBatch } from "../../../../api/reportImport"

export interface ImportOptions {
  readonly upsert: boolean
  readonly dryRun: boolean
}

/** Core's totals (a replayed batch's rows count as unchanged) and the server's problems. */
export interface ImportTotals extends BatchTotals {
  readonly issues: ReadonlyArray<ImportIssue>
}

const zero: ImportTotals = { ...noTotals, issues: [] }

const add = (totals: ImportTotals, batch: ImportBatch, result: ReportImportResult): ImportTotals => ({
  ...addBatchResult(totals, batch.size, result),
  issues: [...totals.issues, ...result.issues],
})

export type ImportRun =
  | { readonly phase: "idle" }
  | {
      readonly phase: "running" | "stopped" | "failed" | "done"
      readonly options: ImportOptions
      readonly batches: number
      /** Batches the server answered. */
      readonly batchesDone: number
      readonly rowsTotal: number
      readonly rowsDone: number
      readonly totals: ImportTotals
      readonly error: unknown
    }

/**
 * Sends the valid rows in batches, one after another, each with a key derived from its content;
 * a stopped or failed import resumes at the batch that did not finish, and a batch the server
 * already applied is answered from its record instead of being written twice.
 */
export const useImportRun = () => {
  const queryClient = useQueryClient()
  const [run, setRun] = useState<ImportRun>({ phase: "idle" })
  const stopRequested = useRef(false)
  const plan = useRef<{
    readonly batches: ReadonlyArray<ImportBatch>
    readonly options: ImportOptions
    /** One per import; a resume keeps it. */
    readonly importId: string
  } | null>(null)

  const go = async (from: number, before: ImportTotals, rowsBefore: number) => {
    const current = plan.current
    if (current === null) return
    const { batches, options, importId } = current
    const rowsTotal = batches.reduce((sum, batch) => sum + batch.size, 0)
    let totals = before
    let rowsDone = rowsBefore
    stopRequested.current = false
    const state = (
      phase: "running" | "stopped" | "failed" | "done",
      batchesDone: number,
      error: unknown = null,
    ) => setRun({ phase, options, batches: batches.length, batchesDone, rowsTotal, rowsDone, totals, error })
    state("running", from)
    for (let index = from; index < batches.length; index++) {
      const batch = batches[index]
      if (batch === undefined) break
      try {
        const batchKey = await batchKeyOf(batch, options)
        const result = await importReportBatch(
          { batchKey, importId, upsert: options.upsert, dryRun: options.dryRun },
          batch,
        )
        totals = add(totals, batch, result)
        rowsDone += batch.size
      } catch (error) {
        state("failed", index, error)
        return
      }
      if (stopRequested.current && index + 1 < batches.length) {
        state("stopped", index + 1)
        return
      }
      state("running", index + 1)
    }
    state("done", batches.length)
    if (!options.dryRun) await queryClient.invalidateQueries({ queryKey: ["reports"] })
  }

  /** Sends the batches core's workflow cut (see planImport), one after another. */
  const start = (batches: ReadonlyArray<ImportBatch>, options: ImportOptions) => {
    plan.current = { batches, options, importId: newImportId() }
    void go(0, zero, 0)
  }

  /** Carries on from the batch that did not finish, with the same keys. */
  const resume = () => {
    if (run.phase !== "stopped" && run.phase !== "failed") return
    void go(run.batchesDone, run.totals, run.rowsDone)
  }

  const stop = () => {
    stopRequested.current = true
  }

  const reset = () => {
    plan.current = null
    setRun({ phase: "idle" })
  }

  return { run, start, resume, stop, reset }
}
