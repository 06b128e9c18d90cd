import { type ImportIssue, type KpiImportResult, type KpiImportRow, kpiImportBatchSize } from "@folio/core"
import { useQueryClient } from "@tanstack/react-query"
import { useRef, useState } from "react"
import { importKpiBatch, kpiKeys } from "../../../../api/kpis"

export interface KpiTotals {
  readonly created: number
  readonly updated: number
  readonly unchanged: number
  readonly metricsCreated: number
  /** The rows the server refused, by line and field, named with the file like the preview's. */
  readonly rejected: ReadonlyArray<ImportIssue>
}

const zero: KpiTotals = { created: 0, updated: 0, unchanged: 0, metricsCreated: 0, rejected: [] }

const add = (totals: KpiTotals, result: KpiImportResult, file: string): KpiTotals => ({
  created: totals.created + result.created,
  updated: totals.updated + result.updated,
  unchanged: totals.unchanged + result.unchanged,
  metricsCreated: totals.metricsCreated + result.metricsCreated,
  rejected: [...totals.rejected, ...result.rejected.map((issue) => ({ file, ...issue }))],
})

export type KpiRun =
  | { readonly phase: "idle" }
  | {
      readonly phase: "running" | "stopped" | "failed" | "done"
      readonly dryRun: boolean
      readonly batches: number
      /** Batches the server answered. */
      readonly batchesDone: number
      readonly rowsTotal: number
      readonly rowsDone: number
      readonly totals: KpiTotals
      readonly error: unknown
    }

/** The rows cut into requests of core's `kpiImportBatchSize`, in file order. */
export const kpiBatches = (rows: ReadonlyArray<KpiImportRow>): ReadonlyArray<ReadonlyArray<KpiImportRow>> => {
  const batches: Array<ReadonlyArray<KpiImportRow>> = []
  for (let at = 0; at < rows.length; at += kpiImportBatchSize)
    batches.push(rows.slice(at, at + kpiImportBatchSize))
  return batches
}

/**
 * Sends the file's good rows in batches, one after another, adding up what the server did. A
 * stopped or failed run resumes at the batch that did not finish; sending a batch again is safe,
 * since a value equal to the stored one counts as unchanged. After a real (not dry) run the KPI
 * screens' queries are refreshed.
 */
export const useKpiImport = () => {
  const queryClient = useQueryClient()
  const [run, setRun] = useState<KpiRun>({ phase: "idle" })
  const stopRequested = useRef(false)
  const plan = useRef<{
    readonly file: string
    readonly batches: ReadonlyArray<ReadonlyArray<KpiImportRow>>
    readonly dryRun: boolean
  } | null>(null)

  const go = async (from: number, before: KpiTotals, rowsBefore: number) => {
    const current = plan.current
    if (current === null) return
    const { file, batches, dryRun } = current
    const rowsTotal = batches.reduce((sum, batch) => sum + batch.length, 0)
    let totals = before
    let rowsDone = rowsBefore
    stopRequested.current = false
    const state = (
      phase: "running" | "stopped" | "failed" | "done",
      batchesDone: number,
      error: unknown = null,
    ) => {
      // A reset (a new file, the dialog closed) while a batch was out: its answer is dropped.
      if (plan.current !== current) return
      setRun({ phase, dryRun, batches: batches.length, batchesDone, rowsTotal, rowsDone, totals, error })
    }
    state("running", from)
    let written = false
    for (let index = from; index < batches.length; index++) {
      const batch = batches[index]
      if (batch === undefined) break
      try {
        const result = await importKpiBatch({ rows: batch, dryRun })
        totals = add(totals, result, file)
        rowsDone += batch.length
        written ||= !dryRun && result.created + result.updated + result.metricsCreated > 0
      } catch (error) {
        state("failed", index, error)
        if (written) await queryClient.invalidateQueries({ queryKey: kpiKeys.all })
        return
      }
      if (stopRequested.current && index + 1 < batches.length) {
        state("stopped", index + 1)
        if (written) await queryClient.invalidateQueries({ queryKey: kpiKeys.all })
        return
      }
      state("running", index + 1)
    }
    // Refreshed before "done" shows, so the screen behind the summary already has the new values.
    if (!dryRun) await queryClient.invalidateQueries({ queryKey: kpiKeys.all })
    state("done", batches.length)
  }

  /** Sends `rows` (the preview's good rows) in batches; `file` names them in the rejected list. */
  const start = (file: string, rows: ReadonlyArray<KpiImportRow>, dryRun: boolean) => {
    plan.current = { file, batches: kpiBatches(rows), dryRun }
    void go(0, zero, 0)
  }

  /** Carries on from the batch that did not finish. */
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
