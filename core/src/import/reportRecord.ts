import { Either, ParseResult, Schema } from "effect"
import { Sector } from "../domain/company.js"
import {
  ExternalId,
  Rating,
  ReportBody,
  ReportFields,
  ReportSummaryText,
  ReportTitle,
  ReportType,
  TargetPrice,
} from "../domain/report.js"
import { CurrencyCode } from "../domain/ticker.js"
import { Email } from "../schema/email.js"
import { singleLineText } from "../schema/text.js"

/**
 * One report as every import format carries it, with the entity's own camelCase field names
 * (docs/import.md). People and audiences are named, not identified: authors by email, audience
 * entries as `all`, `company-slug` or `company-slug/Team name`, each optionally `+24h`.
 */
export const AudienceRef = Schema.Trim.pipe(
  singleLineText("An audience entry"),
  Schema.pattern(/^(all|[a-z0-9]+(?:-[a-z0-9]+)*(\/[^+]{1,80})?)(\s*\+\s*\d{1,4}h)?$/, {
    message: () =>
      'An audience entry is "all", "company-slug" or "company-slug/Team name", optionally followed by an embargo like "+24h"',
  }),
)

export const ImportStatus = Schema.Literal("draft", "in_review", "approved", "published", "archived")
export type ImportStatus = typeof ImportStatus.Type

export const ReportRecord = Schema.Struct({
  externalId: Schema.optional(ExternalId),
  title: ReportTitle,
  summary: Schema.optionalWith(ReportSummaryText, { exact: true, default: () => "" }),
  body: Schema.optionalWith(ReportBody, { exact: true, default: () => "" }),
  type: Schema.optionalWith(ReportType, { exact: true, default: () => "note" as const }),
  sector: Sector,
  tickers: Schema.optionalWith(ReportFields.fields.tickers, { exact: true, default: () => [] }),
  authors: Schema.optionalWith(
    Schema.Array(Email).pipe(Schema.maxItems(10, { message: () => "At most 10 authors" })),
    { exact: true, default: () => [] },
  ),
  tags: Schema.optionalWith(ReportFields.fields.tags, { exact: true, default: () => [] }),
  channels: Schema.optionalWith(ReportFields.fields.channels, { exact: true, default: () => [] }),
  audience: Schema.optionalWith(Schema.Array(AudienceRef).pipe(Schema.maxItems(200)), {
    exact: true,
    default: () => [],
  }),
  status: Schema.optionalWith(ImportStatus, { exact: true, default: () => "draft" as const }),
  rating: Schema.optionalWith(Schema.NullOr(Rating), { exact: true, default: () => null }),
  targetPrice: Schema.optionalWith(Schema.NullOr(TargetPrice), { exact: true, default: () => null }),
  targetCurrency: Schema.optionalWith(Schema.NullOr(CurrencyCode), { exact: true, default: () => null }),
  publishedAt: Schema.optional(Schema.Date),
})
export type ReportRecord = typeof ReportRecord.Type
export type ReportRecordEncoded = typeof ReportRecord.Encoded

export const recordFields = [
  "externalId",
  "title",
  "summary",
  "body",
  "type",
  "sector",
  "tickers",
  "authors",
  "tags",
  "channels",
  "audience",
  "status",
  "rating",
  "targetPrice",
  "targetCurrency",
  "publishedAt",
] as const satisfies ReadonlyArray<keyof ReportRecord>

const listFields = new Set(["tickers", "authors", "tags", "channels", "audience"])
const known = new Set<string>(recordFields)

/** A problem with one row of one file: where (file:line, field) and what. */
export const ImportIssue = Schema.Struct({
  file: Schema.String,
  line: Schema.Int,
  field: Schema.String,
  message: Schema.String,
})
export type ImportIssue = typeof ImportIssue.Type

/** A record as a parser found it, before validation. */
export interface RawRecord {
  readonly file: string
  readonly line: number
  readonly fields: Readonly<Record<string, unknown>>
}

export interface ValidRecord {
  readonly file: string
  readonly line: number
  readonly record: ReportRecord
}

/**
 * Text cells become what the schema expects: blank means absent, list cells split on `;`,
 * numbers parse. JSON and YAML values that are already arrays or numbers pass through.
 */
const normalise = (fields: Readonly<Record<string, unknown>>): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) continue
    if (listFields.has(key) && typeof value === "string") {
      out[key] = value
        .split(";")
        .map((part) => part.trim())
        .filter((part) => part !== "")
    } else if (key === "targetPrice" && typeof value === "string") {
      const n = Number(value.trim().replace(/,/g, ""))
      out[key] = Number.isFinite(n) ? n : value
    } else if (key === "publishedAt" && value instanceof Date) {
      out[key] = value.toISOString()
    } else {
      out[key] = value
    }
  }
  return out
}

const decode = Schema.decodeUnknownEither(ReportRecord, { errors: "all", onExcessProperty: "ignore" })

export const validateRecord = (raw: RawRecord): Either.Either<ValidRecord, ReadonlyArray<ImportIssue>> => {
  const unknownFields = Object.keys(raw.fields).filter((key) => !known.has(key))
  const unknownIssues = unknownFields.map((field) => ({
    file: raw.file,
    line: raw.line,
    field,
    message: `Unknown field "${field}"; the fields are ${recordFields.join(", ")}`,
  }))
  const result = decode(normalise(raw.fields))
  if (Either.isRight(result) && unknownIssues.length === 0) {
    return Either.right({ file: raw.file, line: raw.line, record: result.right })
  }
  const schemaIssues = Either.isLeft(result)
    ? fieldIssues(raw, ParseResult.ArrayFormatter.formatErrorSync(result.left))
    : []
  return Either.left([...unknownIssues, ...schemaIssues])
}

/** The fields whose value is one of a few words: what to say when it is none of them. */
const choices: Readonly<Record<string, ReadonlyArray<string>>> = {
  type: ReportType.literals,
  status: ImportStatus.literals,
  rating: Rating.literals,
}

/** What a value was, as the file has it: `"strong buy"`, `12`, or `nothing`. */
const given = (value: unknown): string =>
  value === undefined || value === null
    ? "nothing"
    : typeof value === "string"
      ? JSON.stringify(value)
      : String(value)

/** Fields whose schema words ("Expected a valid Date, actual Invalid Date") would leave the user guessing. */
const plainWords: Readonly<Record<string, (value: unknown) => string>> = {
  publishedAt: (value) =>
    `publishedAt must be a date, or a date and time, such as 2026-03-31 or 2026-03-31T09:30:00Z (got ${given(value)})`,
  targetPrice: (value) => `targetPrice must be a number such as 125.5 (got ${given(value)})`,
}

/**
 * One message per field, saying what the field must be and what the row has: a value outside a
 * list of words names the words (`rating must be one of buy, hold, sell, not_rated (got "strong
 * buy")`), a date or a number says which form it takes, with an example.
 */
const fieldIssues = (
  raw: RawRecord,
  issues: ReadonlyArray<{ readonly path: ReadonlyArray<PropertyKey>; readonly message: string }>,
): Array<ImportIssue> => {
  const byField = new Map<string, Array<string>>()
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join(".") : "(row)"
    const message =
      issue.message === "is missing" ? `${String(issue.path[0] ?? "field")} is required` : issue.message
    byField.set(field, [...(byField.get(field) ?? []), message])
  }
  return [...byField].map(([field, all]) => {
    const value = raw.fields[field]
    const words = choices[field]
    if (words !== undefined && all.every((m) => /^Expected (?:"[^"]*"|null|undefined), actual /.test(m)))
      return {
        file: raw.file,
        line: raw.line,
        field,
        message: `${field} must be one of ${words.join(", ")} (got ${given(value)})`,
      }
    const plain = plainWords[field]
    if (plain !== undefined && all.every((m) => m.startsWith("Expected ")))
      return { file: raw.file, line: raw.line, field, message: plain(value) }
    // An optional field also "expects undefined" (or null); those alternatives help nobody.
    const messages = all.length > 1 ? all.filter((m) => !/^Expected (?:undefined|null),/.test(m)) : all
    return { file: raw.file, line: raw.line, field, message: messages[0] ?? all[0]! }
  })
}

/** `acme/Macro desk+24h` → its parts. */
export const parseAudienceRef = (
  ref: string,
): {
  readonly all: boolean
  readonly company: string | null
  readonly team: string | null
  readonly embargoHours: number
} => {
  const match = /^(.*?)(?:\s*\+\s*(\d{1,4})h)?$/.exec(ref.trim())
  const target = (match?.[1] ?? ref).trim()
  const embargoHours = match?.[2] ? Number(match[2]) : 0
  if (target === "all") return { all: true, company: null, team: null, embargoHours }
  const slash = target.indexOf("/")
  return slash < 0
    ? { all: false, company: target, team: null, embargoHours }
    : { all: false, company: target.slice(0, slash), team: target.slice(slash + 1).trim(), embargoHours }
}

export const formatAudienceRef = (entry: {
  readonly companySlug: string | null
  readonly teamName: string | null
  readonly embargoHours: number
}): string =>
  `${entry.companySlug === null ? "all" : entry.teamName ? `${entry.companySlug}/${entry.teamName}` : entry.companySlug}${entry.embargoHours > 0 ? `+${entry.embargoHours}h` : ""}`

/** The wire form of a record (dates as ISO strings). */
export const encodeRecord = Schema.encodeSync(ReportRecord)
