import type { StoredReport } from "./repo.js"

/** A stored report, with or without its body and page keys (a search hit's report has neither). */
type WireSource = Omit<StoredReport, "body" | "updatedKey" | "publishedKey"> & {
  readonly body?: string | null
}

/**
 * A stored report as the API sends it: the fields of core's `Report` (`ReportListItem` without
 * its body: `undefined` is left out by `JSON.stringify`), in the schema's order, dates as ISO text
 * once serialised. What `Schema.encode` of the endpoint's success schema would give for rows
 * PostgreSQL already checked, without walking and re-checking every field of every row (the read
 * routes' largest cost after the SQL, see docs/performance.md). server/test/reportsWire.test.ts
 * holds it to the schema, byte for byte.
 */
export const reportWire = (r: WireSource, withBody: boolean) => ({
  id: r.id,
  externalId: r.externalId,
  title: r.title,
  summary: r.summary,
  body: withBody ? (r.body ?? "") : undefined,
  type: r.type,
  sector: r.sector,
  tickers: r.tickers,
  tags: r.tags,
  channels: r.channels,
  rating: r.rating,
  targetPrice: r.targetPrice,
  targetCurrency: r.targetCurrency,
  disclosures: r.disclosures,
  authors: r.authors,
  audience: r.audience,
  status: r.status,
  releaseAt: r.releaseAt,
  publishedAt: r.publishedAt,
  version: r.version,
  favorite: r.favorite,
  createdBy: r.createdBy,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
})
