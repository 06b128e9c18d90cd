import type { ReportImportRequest, ReportImportResult } from "@folio/core"
import { callApi } from "./client"

/** One batch of rows; a `batchKey` the server has seen returns the first result without writing again. */
export const importReportBatch = (payload: ReportImportRequest): Promise<ReportImportResult> =>
  callApi((client) => client.reports.import({ payload }))
