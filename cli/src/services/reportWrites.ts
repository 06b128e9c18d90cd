/**
 * `folio reports create` and `update`: the fields from flags and `--file`, checked with core's
 * import rules, audience and authors resolved to ids, and the save (with its version check).
 */
import {
  type AudienceEntryInput,
  CompanyId,
  formatAudienceRef,
  type ImportIssue,
  parseAudienceRef,
  parseImportFile,
  type Report,
  type ReportRecord,
  type ReportRecordEncoded,
  TeamId,
  type UpdateReport,
  UserId,
  validateRecord,
} from "@folio/core"
import { Effect, Either } from "effect"
import { call, signedInTarget, type Target } from "../api.js"
import { CliError } from "../cliError.js"
import { readTextFromStdin } from "../stdin.js"
import { readInputFile } from "./importFiles.js"
import { collectPages, defined, resolveCompany, resolveUser } from "./lookup.js"
import { type Flags, type OneReport, resolveReportId } from "./reports.js"

/** What `create` and `update` read from flags; lists replace the report's whole list. */
export interface ReportFieldFlags {
  readonly externalId?: string | undefined
  readonly title?: string | undefined
  readonly summary?: string | undefined
  readonly type?: string | undefined
  readonly sector?: string | undefined
  readonly tickers?: ReadonlyArray<string> | undefined
  readonly tags?: ReadonlyArray<string> | undefined
  readonly channels?: ReadonlyArray<string> | undefined
  readonly authors?: ReadonlyArray<string> | undefined
  readonly audience?: ReadonlyArray<string> | undefined
  /** `none` clears it. */
  readonly rating?: string | undefined
  /** `none` clears it. */
  readonly targetPrice?: string | undefined
  readonly targetCurrency?: string | undefined
}

export interface ReportInput extends Flags, ReportFieldFlags {
  /** A Markdown file with YAML front matter (the import format): its fields, and its body. */
  readonly file?: string | undefined
  /** Read the body from stdin. */
  readonly bodyStdin?: boolean | undefined
}

const flagNames: Record<string, string> = {
  externalId: "--external-id",
  title: "--title",
  summary: "--summary",
  body: "--body-stdin",
  type: "--type",
  sector: "--sector",
  tickers: "--ticker",
  tags: "--tag",
  channels: "--channel",
  authors: "--author",
  audience: "--audience",
  rating: "--rating",
  targetPrice: "--target-price",
  targetCurrency: "--target-currency",
}

/** The fields given on the command line and in --file, as a raw import record (flags win). */
const gatherFields = (
  input: ReportInput,
): Effect.Effect<{ readonly fields: Record<string, unknown>; readonly fromFlags: Set<string> }, CliError> =>
  Effect.gen(function* () {
    const fields: Record<string, unknown> = {}
    if (input.file !== undefined) {
      const text = yield* readInputFile({ name: input.file, path: input.file, format: "markdown" })
      const parsed = parseImportFile(input.file, text, "markdown")
      const first = parsed.issues[0]
      if (first !== undefined)
        return yield* Effect.fail(
          new CliError({
            code: "ValidationError",
            message: `${input.file}:${first.line}: ${first.message}.`,
          }),
        )
      Object.assign(fields, parsed.records[0]?.fields)
    }
    const flags: Record<string, unknown> = {
      externalId: input.externalId,
      title: input.title,
      summary: input.summary,
      type: input.type,
      sector: input.sector,
      tickers: input.tickers,
      tags: input.tags,
      channels: input.channels,
      authors: input.authors,
      audience: input.audience,
      rating: input.rating === "none" ? null : input.rating,
      targetPrice: input.targetPrice === "none" ? null : input.targetPrice,
      targetCurrency: input.targetCurrency === "none" ? null : input.targetCurrency,
    }
    if (input.bodyStdin === true)
      flags.body = yield* Effect.tryPromise({
        try: () => readTextFromStdin("--body-stdin"),
        catch: (error) =>
          error instanceof CliError
            ? error
            : new CliError({ code: "ReadError", message: `Cannot read stdin: ${String(error)}.` }),
      })
    const fromFlags = new Set<string>()
    for (const [key, value] of Object.entries(flags))
      if (value !== undefined) {
        fields[key] = value
        fromFlags.add(key)
      }
    return { fields, fromFlags }
  })

const invalid = (
  issues: ReadonlyArray<ImportIssue>,
  fromFlags: ReadonlySet<string>,
  file: string | undefined,
): CliError => {
  const lines = issues.map((issue) => {
    const field = issue.field.split(".")[0] ?? issue.field
    const where =
      fromFlags.has(field) || file === undefined
        ? (flagNames[field] ?? issue.field)
        : `${file}: ${issue.field}`
    return `${where}: ${issue.message}`
  })
  return new CliError({ code: "ValidationError", message: `${[...new Set(lines)].join("; ")}.` })
}

/** Checks the fields with core's import validation (the same rules and messages as an import row). */
const checkRecord = (
  fields: Record<string, unknown>,
  fromFlags: ReadonlySet<string>,
  file: string | undefined,
): Effect.Effect<ReportRecord, CliError> => {
  // The file's own status and publishedAt say nothing to `create` (always a draft) or `update`.
  const { status: _status, publishedAt: _publishedAt, ...rest } = fields
  const checked = validateRecord({ file: file ?? "flags", line: 1, fields: rest })
  return Either.isRight(checked)
    ? Effect.succeed(checked.right.record)
    : Effect.fail(invalid(checked.left, fromFlags, file))
}

/** `all`, `acme`, `acme/Macro desk+24h` → the ids the API takes. */
const resolveAudience = (
  target: Target,
  refs: ReadonlyArray<string>,
): Effect.Effect<ReadonlyArray<AudienceEntryInput>, CliError> =>
  Effect.forEach(refs, (ref) =>
    Effect.gen(function* () {
      const parsed = parseAudienceRef(ref)
      if (parsed.all) return { companyId: null, teamId: null, embargoHours: parsed.embargoHours }
      const company = yield* resolveCompany(target, "--audience", parsed.company ?? "")
      const companyId = CompanyId.make(company.id)
      if (parsed.team === null) return { companyId, teamId: null, embargoHours: parsed.embargoHours }
      const wanted = parsed.team.toLowerCase()
      const teams = yield* collectPages({ all: true }, (paging) =>
        call(target, (client) =>
          client.teams.list({ path: { companyId }, urlParams: defined({ q: parsed.team ?? "", ...paging }) }),
        ),
      )
      const team = teams.items.find((candidate) => candidate.name.toLowerCase() === wanted)
      if (team === undefined)
        return yield* Effect.fail(
          new CliError({
            code: "NotFound",
            message: `--audience ${ref}: ${company.slug} has no team named "${parsed.team}".`,
            hint: `List them with \`folio teams list --company ${company.slug}\`.`,
          }),
        )
      return { companyId, teamId: TeamId.make(team.id), embargoHours: parsed.embargoHours }
    }),
  )

const resolveAuthors = (target: Target, emails: ReadonlyArray<string>) =>
  Effect.forEach(emails, (email) =>
    resolveUser(target, "--author", email).pipe(Effect.map((user) => UserId.make(user.id))),
  )

export const createReport = (input: ReportInput): Effect.Effect<OneReport, CliError> =>
  Effect.gen(function* () {
    const { fields, fromFlags } = yield* gatherFields(input)
    const record = yield* checkRecord(fields, fromFlags, input.file)
    const target = yield* signedInTarget(input)
    const authorIds = record.authors.length === 0 ? undefined : yield* resolveAuthors(target, record.authors)
    const audience = yield* resolveAudience(target, record.audience)
    const report = yield* call(target, (client) =>
      client.reports.create({
        payload: {
          externalId: record.externalId ?? null,
          title: record.title,
          summary: record.summary,
          body: record.body,
          type: record.type,
          sector: record.sector,
          tickers: record.tickers,
          tags: record.tags,
          channels: record.channels,
          rating: record.rating,
          targetPrice: record.targetPrice,
          targetCurrency: record.targetCurrency,
          audience,
          ...(authorIds === undefined ? {} : { authorIds }),
        },
      }),
    )
    return { url: target.url, report }
  })

/** A report as an import record: what export writes and what `update` merges its changes into. */
export const recordOf = (report: Report): ReportRecordEncoded => ({
  ...(report.externalId === null ? {} : { externalId: report.externalId }),
  title: report.title,
  summary: report.summary,
  body: report.body,
  type: report.type,
  sector: report.sector,
  tickers: report.tickers,
  authors: report.authors.map((author) => author.email),
  tags: report.tags,
  channels: report.channels,
  audience: report.audience.map(formatAudienceRef),
  rating: report.rating,
  targetPrice: report.targetPrice,
  targetCurrency: report.targetCurrency,
})

export interface UpdatedReport extends OneReport {
  readonly before: Report
  /** The fields sent (those given by flags or --file). */
  readonly changed: ReadonlyArray<string>
}

const staleVersion = (id: string, mine: number, current: number): CliError =>
  new CliError({
    code: "Conflict",
    message: `Report ${id} is at version ${current}, not ${mine}: someone saved it after you read it, so nothing was changed.`,
    hint: `See the current text with \`folio reports get ${id}\`, then apply your change again.`,
  })

/**
 * Saves the fields given, on top of the current version (or of `--if-version`, refused when the
 * report has moved on). The merged report is checked as a whole with core's rules first.
 */
export const updateReport = (
  input: ReportInput & { readonly id: string; readonly ifVersion?: number | undefined },
): Effect.Effect<UpdatedReport, CliError> =>
  Effect.gen(function* () {
    const { fields, fromFlags } = yield* gatherFields(input)
    const changedKeys = Object.keys(fields).filter((key) => key !== "status" && key !== "publishedAt")
    if (changedKeys.length === 0)
      return yield* Effect.fail(
        new CliError({
          code: "UsageError",
          message:
            "Nothing to change: give the fields to save as flags (--title, --ticker, …), --file or --body-stdin.",
          exitCode: 2,
        }),
      )
    const target = yield* signedInTarget(input)
    const reportId = yield* resolveReportId(target, input.id)
    const before = yield* call(target, (client) => client.reports.get({ path: { reportId } }))
    const version = input.ifVersion ?? before.version
    if (version !== before.version) return yield* Effect.fail(staleVersion(reportId, version, before.version))
    const record = yield* checkRecord({ ...recordOf(before), ...fields }, fromFlags, input.file)
    const changed = new Set(changedKeys)
    const payload: { -readonly [K in keyof UpdateReport]?: UpdateReport[K] } = { version }
    if (changed.has("externalId")) payload.externalId = record.externalId ?? null
    if (changed.has("title")) payload.title = record.title
    if (changed.has("summary")) payload.summary = record.summary
    if (changed.has("body")) payload.body = record.body
    if (changed.has("type")) payload.type = record.type
    if (changed.has("sector")) payload.sector = record.sector
    if (changed.has("tickers")) payload.tickers = record.tickers
    if (changed.has("tags")) payload.tags = record.tags
    if (changed.has("channels")) payload.channels = record.channels
    if (changed.has("rating")) payload.rating = record.rating
    if (changed.has("targetPrice")) payload.targetPrice = record.targetPrice
    if (changed.has("targetCurrency")) payload.targetCurrency = record.targetCurrency
    if (changed.has("authors")) payload.authorIds = yield* resolveAuthors(target, record.authors)
    if (changed.has("audience")) payload.audience = yield* resolveAudience(target, record.audience)
    // A command is a whole editing session: its save is a revision of its own.
    const report = yield* call(target, (client) =>
      client.reports.update({ path: { reportId }, payload: { ...payload, version, endSession: true } }),
    ).pipe(
      Effect.catchIf(
        (error) => error.code === "Conflict" && !/externalId/i.test(error.message),
        (error) =>
          Effect.fail(
            new CliError({
              code: "Conflict",
              message: `${error.message.replace(/\.$/, "")}: someone saved report ${reportId} after version ${version}, so nothing was changed.`,
              hint: `See the current text with \`folio reports get ${reportId}\`, then apply your change again.`,
            }),
          ),
      ),
    )
    return { url: target.url, report, before, changed: changedKeys }
  })
