import {
  type AudienceEntry,
  type CompanyId,
  CreateReport,
  type Me,
  type Rating,
  type Report,
  type ReportAuthor,
  type ReportRevision,
  type ReportType,
  type TeamId,
  UpdateReport,
} from "@folio/core"
import { Either, Schema } from "effect"
import { type FieldErrors, type FormErrors, formErrorKey, schemaValidator } from "../../directory/forms"

/** One audience row as the editor holds it: ids for the server, names for the screen. */
export interface AudienceDraft {
  readonly companyId: CompanyId | null
  readonly companyName: string | null
  readonly teamId: TeamId | null
  readonly teamName: string | null
  readonly embargoHours: number
}

/** Everything the editor lets a person change, in the shape the form holds it. */
export interface EditorValues {
  readonly title: string
  readonly summary: string
  readonly body: string
  readonly type: ReportType
  readonly sector: string
  readonly tickers: ReadonlyArray<string>
  readonly authors: ReadonlyArray<ReportAuthor>
  readonly audience: ReadonlyArray<AudienceDraft>
  readonly channels: ReadonlyArray<string>
  readonly tags: ReadonlyArray<string>
  readonly rating: Rating | null
  readonly targetPrice: number | null
  readonly targetCurrency: string | null
}

export type EditorField = keyof EditorValues

export const editorFields: ReadonlyArray<EditorField> = [
  "title",
  "summary",
  "body",
  "type",
  "sector",
  "tickers",
  "authors",
  "audience",
  "channels",
  "tags",
  "rating",
  "targetPrice",
  "targetCurrency",
]

export const fieldLabels: Record<EditorField, string> = {
  title: "Title",
  summary: "Summary",
  body: "Body",
  type: "Type",
  sector: "Sector",
  tickers: "Tickers",
  authors: "Authors",
  audience: "Audience",
  channels: "Channels",
  tags: "Tags",
  rating: "Rating",
  targetPrice: "Target price",
  targetCurrency: "Target currency",
}

const audienceOf = (entry: AudienceEntry): AudienceDraft => ({
  companyId: entry.companyId,
  companyName: entry.companyName,
  teamId: entry.teamId,
  teamName: entry.teamName,
  embargoHours: entry.embargoHours,
})

export const valuesOf = (report: Report): EditorValues => ({
  title: report.title,
  summary: report.summary,
  body: report.body,
  type: report.type,
  sector: report.sector,
  tickers: report.tickers,
  authors: report.authors,
  audience: report.audience.map(audienceOf),
  channels: report.channels,
  tags: report.tags,
  rating: report.rating,
  targetPrice: report.targetPrice,
  targetCurrency: report.targetCurrency,
})

/**
 * A revision's fields as editor values. Revisions keep the writing, not the people: authors and
 * audience are the ones given.
 */
export const valuesOfRevision = (revision: ReportRevision, current: EditorValues): EditorValues => ({
  ...current,
  ...revision.fields,
})

export const emptyValues = (me: Me): EditorValues => ({
  title: "",
  summary: "",
  body: "",
  type: "note",
  sector: "",
  tickers: [],
  authors: [{ id: me.user.id, name: me.user.name, email: me.user.email }],
  audience: [{ companyId: null, companyName: null, teamId: null, teamName: null, embargoHours: 0 }],
  channels: [],
  tags: [],
  rating: null,
  targetPrice: null,
  targetCurrency: null,
})

/** What makes two values of a field the same for the server (names are only for display). */
const comparable = (field: EditorField, values: EditorValues): unknown => {
  switch (field) {
    case "authors":
      return values.authors.map((author) => author.id)
    case "audience":
      return values.audience.map((entry) => [entry.companyId, entry.teamId, entry.embargoHours])
    default:
      return values[field]
  }
}

export const sameField = (field: EditorField, a: EditorValues, b: EditorValues): boolean =>
  JSON.stringify(comparable(field, a)) === JSON.stringify(comparable(field, b))

export const changedFields = (from: EditorValues, to: EditorValues): ReadonlyArray<EditorField> =>
  editorFields.filter((field) => !sameField(field, from, to))

/** The request fields for the given editor fields (names as the contract spells them). */
const requestFields = (values: EditorValues, fields: ReadonlyArray<EditorField>): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const field of fields) {
    if (field === "authors") out.authorIds = values.authors.map((author) => author.id)
    else if (field === "audience")
      out.audience = values.audience.map((entry) => ({
        companyId: entry.companyId,
        teamId: entry.teamId,
        embargoHours: entry.embargoHours,
      }))
    else if (field === "targetCurrency")
      out.targetCurrency = values.targetCurrency === "" ? null : values.targetCurrency
    else out[field] = values[field]
  }
  return out
}

/** Form field names as the validation issues name them. */
export const issueFields = [...editorFields.filter((f) => f !== "authors"), "authorIds"] as const
export type IssueField = (typeof issueFields)[number]

/**
 * A request checked with core's schema as the console's forms check theirs (`schemaValidator`):
 * the decoded request, or a message per field and one for the whole form. The editor keeps its
 * own state rather than a `@mantine/form` form: its errors belong to a save attempt (autosave or
 * Ctrl/Cmd-S), not to a submit.
 */
const checkRequest = <A, I>(schema: Schema.Schema<A, I>) => {
  const check = schemaValidator(schema, issueFields, (input: unknown) => input)
  return (input: unknown): Either.Either<A, FormErrors<IssueField>> => {
    const { [formErrorKey]: form, ...fields } = check(input)
    if (form === undefined && Object.keys(fields).length === 0)
      return Either.right(Schema.decodeUnknownSync(schema)(input))
    return Either.left({
      fields: fields as FieldErrors<IssueField>,
      form: typeof form === "string" ? form : null,
    })
  }
}

const validateUpdate = checkRequest(UpdateReport)
const validateCreate = checkRequest(CreateReport)

/** The update request for the changed fields, checked with the contract's own schema. */
export const updateRequest = (
  values: EditorValues,
  fields: ReadonlyArray<EditorField>,
  version: number,
): Either.Either<UpdateReport, FormErrors<IssueField>> =>
  validateUpdate({ version, ...requestFields(values, fields) })

export const createRequest = (values: EditorValues): Either.Either<CreateReport, FormErrors<IssueField>> =>
  validateCreate(requestFields(values, editorFields))

/** The error shown under an editor field (authors are `authorIds` on the wire). */
export const fieldError = (errors: FormErrors<IssueField>, field: EditorField): string | undefined =>
  field === "authors" ? errors.fields.authorIds : errors.fields[field as IssueField]
