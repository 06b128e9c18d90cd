import {
  type ImportBatch,
  type ReportImportRequest,
  type ReportImportResult,
  withEncodedRows,
} from "@folio/core"
import { callApi } from "./client"

/**
 * One batch of rows, sent as core's import workflow encoded them; a `batchKey` the server has
 * seen returns the first result without writing again.
 */
export const importReportBatch = (
  request: Omit<ReportImportRequest, "rows">,
  batch: ImportBatch,
): Promise<ReportImportResult> =>
  callApi((client) =>
    client.reports.import({ payload: { ...request, rows: [] } }).pipe(withEncodedRows(batch.rowsJson)),
  )
