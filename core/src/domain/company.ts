import { Schema } from "effect"
import { CompanyId } from "../ids.js"

export const CompanyKind = Schema.Literal("publisher", "client")
export type CompanyKind = typeof CompanyKind.Type

export const CompanyStatus = Schema.Literal("active", "suspended")

export const CompanyName = Schema.Trim.pipe(
  Schema.minLength(1, { message: () => "Company name is required" }),
  Schema.maxLength(120, { message: () => "Company name must be at most 120 characters" }),
)

export const CompanySlug = Schema.String.pipe(
  Schema.pattern(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    message: () => "Slug may contain only lower-case letters, digits and single hyphens",
  }),
  Schema.maxLength(60),
)

/** The slice of a company that travels with the signed-in user. */
export const CompanySummary = Schema.Struct({
  id: CompanyId,
  name: Schema.String,
  slug: Schema.String,
  kind: CompanyKind,
})
export type CompanySummary = typeof CompanySummary.Type
