import { Schema } from "effect"
import { CompanyId, ReportId, TeamId, UserId } from "../ids.js"
import { csvOf, Page, PageParams } from "../schema/pagination.js"
import { multiLineText, QueryText, singleLineText } from "../schema/text.js"
import { QueryDate } from "../schema/timestamps.js"
import { Sector } from "./company.js"
import { CurrencyCode, TickerSymbol } from "./ticker.js"

export const ReportType = Schema.Literal("note", "update", "initiation", "sector", "flash")
export type ReportType = typeof ReportType.Type
export const reportTypes = ReportType.literals

export const ReportStatus = Schema.Literal(
  "draft",
  "in_review",
  "approved",
  "scheduled",
  "published",
  "archived",
)
export type ReportStatus = typeof ReportStatus.Type
export const reportStatuses = ReportStatus.literals

export const Rating = Schema.Literal("buy", "hold", "sell", "not_rated")
export type Rating = typeof Rating.Type

export const ReportTitle = Schema.Trim.pipe(
  Schema.minLength(3, { message: () => "Title must be at least 3 characters" }),
  Schema.maxLength(200, { message: () => "Title must be at most 200 characters" }),
  singleLineText("Title"),
)
export const ReportSummaryText = Schema.Trim.pipe(
  Schema.maxLength(1000, { message: () => "Summary must be at most 1,000 characters" }),
  multiLineText("Summary"),
)
export const ReportBody = Schema.String.pipe(
  Schema.maxLength(200_000, { message: () => "Body must be at most 200,000 characters" }),
  multiLineText("Body"),
)
export const ExternalId = Schema.Trim.pipe(
  Schema.minLength(1, { message: () => "externalId cannot be empty" }),
  Schema.maxLength(200, { message: () => "externalId must be at most 200 characters" }),
  singleLineText("externalId"),
)
export const Tag = Schema.Trim.pipe(
  Schema.minLength(1, { message: () => "Tags cannot be empty" }),
  Schema.maxLength(40, { message: () => "Tags are at most 40 characters" }),
  singleLineText("Tags"),
)
const Channel = Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(80), singleLineText("Channels"))
export const EmbargoHours = Schema.Int.pipe(
  Schema.between(0, 24 * 90, { message: () => "An embargo is between 0 hours and 90 days" }),
)
export const TargetPrice = Schema.Number.pipe(
  Schema.positive({ message: () => "Target price must be positive" }),
  Schema.lessThan(1e9, { message: () => "Target price is too large" }),
)

/**
 * A report's version as clients send it back (in a path or a body): a positive 32-bit integer,
 * the range of the column it is compared with.
 */
export const ReportVersion = Schema.Int.pipe(
  Schema.between(1, 2_147_483_647, { message: () => "A version is a whole number from 1 to 2147483647" }),
)

/**
 * Who may read a published report. An entry with no company is "all clients"; a company entry
 * without a team is the whole company. Each entry may hold the report back for some hours after
 * release (premium clients at release, the rest e.g. 24 h later).
 */
export const AudienceEntryInput = Schema.Struct({
  companyId: Schema.NullOr(CompanyId),
  teamId: Schema.optionalWith(Schema.NullOr(TeamId), { default: () => null }),
  embargoHours: Schema.optionalWith(EmbargoHours, { default: () => 0 }),
})
export type AudienceEntryInput = typeof AudienceEntryInput.Type

export const AudienceEntry = Schema.Struct({
  companyId: Schema.NullOr(CompanyId),
  companySlug: Schema.NullOr(Schema.String),
  companyName: Schema.NullOr(Schema.String),
  teamId: Schema.NullOr(TeamId),
  teamName: Schema.NullOr(Schema.String),
  embargoHours: Schema.Int,
})
export type AudienceEntry = typeof AudienceEntry.Type

export const ReportAuthor = Schema.Struct({ id: UserId, name: Schema.String, email: Schema.String })
export type ReportAuthor = typeof ReportAuthor.Type

const uniqueList = <A, I>(item: Schema.Schema<A, I>, max: number, what: string) =>
  Schema.Array(item).pipe(
    Schema.maxItems(max, { message: () => `At most ${max} ${what}` }),
    Schema.filter((xs) => new Set(xs).size === xs.length || `${what} must not repeat`),
  )

/** The fields an author edits; shared by create, update, revisions and import. */
export const ReportFields = Schema.Struct({
  title: ReportTitle,
  summary: ReportSummaryText,
  body: ReportBody,
  type: ReportType,
  sector: Sector,
  tickers: uniqueList(TickerSymbol, 20, "tickers"),
  tags: uniqueList(Tag, 20, "tags"),
  channels: uniqueList(Channel, 20, "channels"),
  rating: Schema.NullOr(Rating),
  targetPrice: Schema.NullOr(TargetPrice),
  targetCurrency: Schema.NullOr(CurrencyCode),
})
export type ReportFields = typeof ReportFields.Type

/**
 * A revision's fields as stored: read back without today's input rules, so a revision saved
 * before a rule was added (a title with a control character, say) can still be shown.
 */
export const StoredReportFields = Schema.Struct({
  title: Schema.String,
  summary: Schema.String,
  body: Schema.String,
  type: ReportType,
  sector: Schema.String,
  tickers: Schema.Array(Schema.String),
  tags: Schema.Array(Schema.String),
  channels: Schema.Array(Schema.String),
  rating: Schema.NullOr(Rating),
  targetPrice: Schema.NullOr(Schema.Number),
  targetCurrency: Schema.NullOr(Schema.String),
})

export const Report = Schema.Struct({
  id: ReportId,
  externalId: Schema.NullOr(Schema.String),
  ...StoredReportFields.fields,
  disclosures: Schema.NullOr(Schema.String),
  authors: Schema.Array(ReportAuthor),
  audience: Schema.Array(AudienceEntry),
  status: ReportStatus,
  releaseAt: Schema.NullOr(Schema.Date),
  publishedAt: Schema.NullOr(Schema.Date),
  version: Schema.Int,
  favorite: Schema.Boolean,
  createdBy: Schema.NullOr(UserId),
  createdAt: Schema.Date,
  updatedAt: Schema.Date,
})
export type Report = typeof Report.Type

/** A row of the reports table: everything but the body. */
export const ReportListItem = Schema.Struct({
  ...Report.fields,
  body: Schema.optional(Schema.String),
})
export type ReportListItem = typeof ReportListItem.Type

const optionalList = <A, I>(schema: Schema.Schema<A, I>) =>
  Schema.optionalWith(schema, { default: () => [] as unknown as A })

export const CreateReport = Schema.Struct({
  externalId: Schema.optionalWith(Schema.NullOr(ExternalId), { default: () => null }),
  title: ReportTitle,
  summary: Schema.optionalWith(ReportSummaryText, { default: () => "" }),
  body: Schema.optionalWith(ReportBody, { default: () => "" }),
  type: Schema.optionalWith(ReportType, { default: () => "note" as const }),
  sector: Sector,
  tickers: optionalList(ReportFields.fields.tickers),
  tags: optionalList(ReportFields.fields.tags),
  channels: optionalList(ReportFields.fields.channels),
  rating: Schema.optionalWith(Schema.NullOr(Rating), { default: () => null }),
  targetPrice: Schema.optionalWith(Schema.NullOr(TargetPrice), { default: () => null }),
  targetCurrency: Schema.optionalWith(Schema.NullOr(CurrencyCode), { default: () => null }),
  /** Defaults to the caller. */
  authorIds: Schema.optional(uniqueList(UserId, 10, "authors")),
  audience: optionalList(Schema.Array(AudienceEntryInput).pipe(Schema.maxItems(200))),
})
export type CreateReport = typeof CreateReport.Type

/**
 * How long an editing session may pause: a save more than this long after the author's previous
 * save starts a new revision instead of updating the one the session is writing.
 */
export const revisionIdleGapMinutes = 10

/**
 * Only the fields sent change; `version` is the one the editor started from (409 when stale).
 * `endSession` marks the editor's last save (leaving the editor, closing the page): the revision
 * it lands in is closed, so the next save starts a new one. Sent with no field, it only closes
 * the caller's open revision and leaves the report and its version as they are.
 */
export const UpdateReport = Schema.Struct({
  version: ReportVersion,
  endSession: Schema.optional(Schema.Boolean),
  externalId: Schema.optional(Schema.NullOr(ExternalId)),
  title: Schema.optional(ReportTitle),
  summary: Schema.optional(ReportSummaryText),
  body: Schema.optional(ReportBody),
  type: Schema.optional(ReportType),
  sector: Schema.optional(Sector),
  tickers: Schema.optional(ReportFields.fields.tickers),
  tags: Schema.optional(ReportFields.fields.tags),
  channels: Schema.optional(ReportFields.fields.channels),
  rating: Schema.optional(Schema.NullOr(Rating)),
  targetPrice: Schema.optional(Schema.NullOr(TargetPrice)),
  targetCurrency: Schema.optional(Schema.NullOr(CurrencyCode)),
  authorIds: Schema.optional(uniqueList(UserId, 10, "authors")),
  audience: Schema.optional(Schema.Array(AudienceEntryInput).pipe(Schema.maxItems(200))),
})
export type UpdateReport = typeof UpdateReport.Type

export const ReportSort = Schema.Literal("-updatedAt", "-publishedAt", "title")
export type ReportSort = typeof ReportSort.Type

export const ReportListParams = Schema.Struct({
  ...PageParams.fields,
  /** Comma-separated statuses. */
  status: Schema.optional(csvOf(ReportStatus)),
  ticker: Schema.optional(QueryText("The ticker filter", 200)),
  sector: Schema.optional(QueryText("The sector filter", 200)),
  type: Schema.optional(ReportType),
  author: Schema.optional(UserId),
  /** Inclusive day bounds on the sort's date (updated, or published). */
  from: Schema.optional(QueryDate),
  to: Schema.optional(QueryDate),
  sort: Schema.optional(ReportSort),
  favorites: Schema.optional(Schema.BooleanFromString),
  /** The report imported under this external id (at most one). */
  externalId: Schema.optional(QueryText("The externalId filter", 200)),
})
export type ReportListParams = typeof ReportListParams.Type

export const ReportPage = Page(ReportListItem)
export type ReportPage = typeof ReportPage.Type

/**
 * A revision is the report as it was at `version`. A report keeps one per editing session and
 * lifecycle change: while a session goes on its revision moves up to each new version, so the
 * newest revision always equals the report, and the versions in between are not kept.
 */
export const ReportRevision = Schema.Struct({
  version: Schema.Int,
  savedAt: Schema.Date,
  savedBy: Schema.NullOr(ReportAuthor),
  note: Schema.String,
  fields: StoredReportFields,
})
export type ReportRevision = typeof ReportRevision.Type

export const ReportRevisionSummary = Schema.Struct({
  version: Schema.Int,
  savedAt: Schema.Date,
  savedBy: Schema.NullOr(ReportAuthor),
  note: Schema.String,
  title: Schema.String,
})
export type ReportRevisionSummary = typeof ReportRevisionSummary.Type

export const RestoreRevision = Schema.Struct({ version: ReportVersion })

export const BulkArchive = Schema.Struct({
  ids: Schema.Array(ReportId).pipe(Schema.minItems(1), Schema.maxItems(200)),
})
export const BulkResult = Schema.Struct({
  done: Schema.Array(ReportId),
  failed: Schema.Array(Schema.Struct({ id: ReportId, message: Schema.String })),
})
export type BulkResult = typeof BulkResult.Type

/** Appended to every report when it is published. */
export const standardDisclosures =
  "This report is provided for information only and is not an offer or solicitation to buy or sell any security. " +
  "The views expressed are those of the authors at the date of publication and may change without notice."

/** How a report changes status; `version` guards against acting on a stale copy. */
export const TransitionRequest = Schema.Struct({ version: Schema.optional(ReportVersion) })
