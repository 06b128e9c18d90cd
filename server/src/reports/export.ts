import { Email, formatAudienceRef, type ReportRecord } from "@folio/core"
import type { StoredReport } from "./repo.js"

/** A stored report as an import record, so `folio reports export` output imports back unchanged. */
export const recordOf = (report: StoredReport): ReportRecord => ({
  ...(report.externalId !== null ? { externalId: report.externalId } : {}),
  title: report.title,
  summary: report.summary,
  body: report.body ?? "",
  type: report.type,
  sector: report.sector,
  tickers: report.tickers,
  authors: report.authors.map((a) => Email.make(a.email.toLowerCase())),
  tags: report.tags,
  channels: report.channels,
  audience: report.audience.map(formatAudienceRef),
  status: report.status === "scheduled" ? "approved" : report.status,
  rating: report.rating,
  targetPrice: report.targetPrice,
  targetCurrency: report.targetCurrency,
  ...(report.publishedAt !== null ? { publishedAt: report.publishedAt } : {}),
})
