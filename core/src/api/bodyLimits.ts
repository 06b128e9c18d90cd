import { apiPrefix } from "./answering.js"

const mib = 1024 * 1024

/** The most the server reads of a request body: a report with a 200,000-character body fits. */
export const requestBodyMaxBytes = 2 * mib

/** The most the server reads of one import batch (reports, tickers or KPI values). */
export const importBodyMaxBytes = 16 * mib

/**
 * What clients aim for per import batch, well under `importBodyMaxBytes`: a batch is closed before
 * its JSON passes this, so a few long reports go in smaller batches instead of being refused.
 */
export const importBatchMaxBytes = 4 * mib

const importPaths = new Set([
  `${apiPrefix}/reports/import`,
  `${apiPrefix}/tickers/import`,
  `${apiPrefix}/kpis/import`,
])

/** The body cap for a request to `path` (no query string). */
export const bodyMaxBytesFor = (path: string): number =>
  importPaths.has(path) ? importBodyMaxBytes : requestBodyMaxBytes

export const payloadTooLargeText = (maxBytes: number): string =>
  `The request body is larger than ${maxBytes / mib} MiB, the most the server accepts here.`

/** How deep a JSON request body may nest: far more than any endpoint's payload needs. */
export const jsonMaxDepth = 32

/**
 * The most items one array of a JSON request body may hold: an import batch's rows (at most 2,000
 * reports or 5,000 tickers), otherwise the longest list a payload takes (200 ids, sectors…).
 */
export const jsonMaxArrayLengthFor = (path: string): number => (importPaths.has(path) ? 5000 : 1000)
