import { Schema } from "effect"
import { CompanyId } from "../ids.js"
import { Page, PageParams } from "../schema/pagination.js"
import { singleLineText, storableText } from "../schema/text.js"

export const CompanyKind = Schema.Literal("publisher", "client")
export type CompanyKind = typeof CompanyKind.Type

export const CompanyStatus = Schema.Literal("active", "suspended")
export type CompanyStatus = typeof CompanyStatus.Type

export const CompanyName = Schema.Trim.pipe(
  Schema.minLength(1, { message: () => "Company name is required" }),
  Schema.maxLength(120, { message: () => "Company name must be at most 120 characters" }),
  singleLineText("Company name"),
)

export const CompanySlug = Schema.String.pipe(
  Schema.minLength(1, { message: () => "Slug is required" }),
  Schema.maxLength(60, { message: () => "Slug must be at most 60 characters" }),
  Schema.pattern(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    message: () =>
      "Slug may contain only lower-case letters, digits and hyphens (not at the start or end, not doubled)",
  }),
)

/** The slice of a company that travels with the signed-in user. */
export const CompanySummary = Schema.Struct({
  id: CompanyId,
  name: Schema.String,
  slug: Schema.String,
  kind: CompanyKind,
})
export type CompanySummary = typeof CompanySummary.Type

/** Where SSO and invitations recognise a company's people: a bare host name, lower-cased. */
export const CompanyDomain = Schema.Trim.pipe(
  Schema.compose(Schema.Lowercase),
  Schema.maxLength(253, { message: () => "Domain must be at most 253 characters" }),
  Schema.pattern(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
    message: () => "Enter a domain like example.com (no https:// and no path)",
  }),
)

/** A research sector as reports are tagged with it, e.g. "Technology". */
export const Sector = Schema.Trim.pipe(
  Schema.minLength(1, { message: () => "Sector names cannot be empty" }),
  Schema.maxLength(60, { message: () => "Sector names are at most 60 characters" }),
  singleLineText("Sector names"),
)

/** Which sectors' reports a company may receive: every sector, or the listed ones (possibly none). */
export const Entitlements = Schema.Union(
  Schema.Literal("all"),
  Schema.Array(Sector).pipe(Schema.maxItems(200, { message: () => "At most 200 sectors can be listed" })),
)
export type Entitlements = typeof Entitlements.Type

export const Company = Schema.Struct({
  id: CompanyId,
  name: Schema.String,
  slug: Schema.String,
  domain: Schema.NullOr(Schema.String),
  kind: CompanyKind,
  status: CompanyStatus,
  /** As stored (no input rules), so a sector saved before a rule was added still reads back. */
  entitlements: Schema.Union(Schema.Literal("all"), Schema.Array(Schema.String)),
  userCount: Schema.Int,
  teamCount: Schema.Int,
  createdAt: Schema.Date,
  updatedAt: Schema.Date,
})
export type Company = typeof Company.Type

export const CreateCompany = Schema.Struct({
  name: CompanyName,
  slug: CompanySlug,
  domain: Schema.optionalWith(Schema.NullOr(CompanyDomain), { default: () => null }),
  /** There is one publisher per installation, created on first start; new companies are clients. */
  kind: Schema.optionalWith(CompanyKind, { default: () => "client" as const }),
  entitlements: Schema.optionalWith(Entitlements, { default: () => "all" as const }),
})
export type CreateCompany = typeof CreateCompany.Type

/** Only the fields sent are changed. */
export const UpdateCompany = Schema.Struct({
  name: Schema.optional(CompanyName),
  slug: Schema.optional(CompanySlug),
  domain: Schema.optional(Schema.NullOr(CompanyDomain)),
  status: Schema.optional(CompanyStatus),
  entitlements: Schema.optional(Entitlements),
})
export type UpdateCompany = typeof UpdateCompany.Type

export const CompanyListParams = Schema.Struct({
  ...PageParams.fields,
  /** Matches name or slug, case-insensitively. */
  q: Schema.optional(Schema.Trim.pipe(Schema.maxLength(120), storableText("Search"))),
  kind: Schema.optional(CompanyKind),
  status: Schema.optional(CompanyStatus),
})
export type CompanyListParams = typeof CompanyListParams.Type

export const CompanyPage = Page(Company)
export type CompanyPage = typeof CompanyPage.Type
