/**
 * `folio reports list`, `get`, the lifecycle transitions and `export`; reports named by id or
 * externalId. Creating and updating are in reportWrites.ts.
 */
import {
  encodeRecord,
  type Report,
  ReportId,
  type ReportListItem,
  type ReportListParams,
  type ReportRecordEncoded,
  type ReportSort,
  type ReportStatus,
  type ReportType,
  type Transition,
  UserId,
} from "@folio/core"
import { Effect, Option, Schema, Stream } from "effect"
import { call, signedInTarget, type Target } from "../api.js"
import { CliError } from "../cliError.js"
import { defined, maxPageSize, type PageOf, type Paging, resolveUser } from "./lookup.js"

export interface Flags {
  readonly url?: string | undefined
}

/** The filters `reports list` and `reports export` share. */
export interface ReportFilters {
  readonly status?: ReadonlyArray<ReportStatus> | undefined
  readonly ticker?: string | undefined
  readonly sector?: string | undefined
  readonly type?: ReportType | undefined
  /** An email, name or id, resolved to the user's id. */
  readonly author?: string | undefined
  readonly from?: Date | undefined
  readonly to?: Date | undefined
  readonly sort?: ReportSort | undefined
  readonly favorites?: boolean | undefined
}

const listParams = (
  target: Target,
  filters: ReportFilters,
): Effect.Effect<Omit<ReportListParams, "cursor" | "limit">, CliError> =>
  Effect.gen(function* () {
    const author =
      filters.author === undefined
        ? undefined
        : UserId.make((yield* resolveUser(target, "--author", filters.author)).id)
    return defined({
      status: filters.status !== undefined && filters.status.length > 0 ? filters.status : undefined,
      ticker: filters.ticker?.trim().toUpperCase(),
      sector: filters.sector,
      type: filters.type,
      author,
      from: filters.from,
      to: filters.to,
      sort: filters.sort,
      favorites: filters.favorites === true ? true : undefined,
    })
  })

/**
 * `reports list`: the first page (fetched here), and with --all the pages after it as a stream,
 * each fetched when the one before is written, so the list prints as it goes in the memory of
 * one page, whatever its length.
 */
export interface ReportPages {
  readonly url: string
  readonly first: PageOf<ReportListItem>
  readonly rest: Stream.Stream<PageOf<ReportListItem>, CliError>
}

export const listReportPages = (
  input: Flags & Paging & ReportFilters,
): Effect.Effect<ReportPages, CliError> =>
  Effect.gen(function* () {
    const target = yield* signedInTarget(input)
    const params = yield* listParams(target, input)
    const limit = input.limit ?? (input.all ? maxPageSize : undefined)
    const fetch = (cursor: string | undefined) =>
      call(target, (client) =>
        client.reports.list({ urlParams: { ...params, ...defined({ limit, cursor }) } }),
      )
    const first = yield* fetch(input.cursor)
    const seen = new Set<string>()
    const rest =
      input.all !== true || first.nextCursor === null
        ? Stream.empty
        : Stream.paginateEffect(first.nextCursor, (cursor) =>
            seen.has(cursor)
              ? Effect.fail(
                  new CliError({
                    code: "UnexpectedResponse",
                    message: "The server handed out the same page cursor twice.",
                  }),
                )
              : Effect.sync(() => seen.add(cursor)).pipe(
                  Effect.andThen(fetch(cursor)),
                  Effect.map((page) => [page, Option.fromNullable(page.nextCursor)] as const),
                ),
          )
    return { url: target.url, first, rest }
  })

const decodeReportId = Schema.decodeUnknown(ReportId)

/** A report named on the command line: its id (a UUID), or the `externalId` it was imported under. */
export const parseReportId = (value: string): Effect.Effect<ReportId, CliError> =>
  decodeReportId(value.trim()).pipe(
    Effect.mapError(
      () =>
        new CliError({
          code: "UsageError",
          message: `A report is named by its id (a UUID) or its externalId, not ${JSON.stringify(value)}.`,
          hint: "Find it with `folio reports list`.",
          exitCode: 2,
        }),
    ),
  )

export const resolveReportId = (target: Target, value: string): Effect.Effect<ReportId, CliError> =>
  Effect.gen(function* () {
    const trimmed = value.trim()
    if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(trimmed))
      return yield* parseReportId(trimmed)
    if (trimmed === "" || trimmed.length > 200) return yield* parseReportId(trimmed)
    const page = yield* call(target, (client) =>
      client.reports.list({ urlParams: { externalId: trimmed, limit: 2 } }),
    )
    const found = page.items[0]
    if (found === undefined)
      return yield* Effect.fail(
        new CliError({
          code: "NotFound",
          message: `No report you can see has the id or externalId ${JSON.stringify(trimmed)}.`,
          hint: "Find it with `folio reports list`.",
          exitCode: 1,
        }),
      )
    return found.id
  })

export interface OneReport {
  readonly url: string
  readonly report: Report
}

export const getReport = (input: Flags & { readonly id: string }): Effect.Effect<OneReport, CliError> =>
  Effect.gen(function* () {
    const target = yield* signedInTarget(input)
    const reportId = yield* resolveReportId(target, input.id)
    const report = yield* call(target, (client) => client.reports.get({ path: { reportId } }))
    return { url: target.url, report }
  })

export interface TransitionedReport extends OneReport {
  readonly transition: Transition
  readonly from: ReportStatus
}

export const transitionReport = (
  input: Flags & {
    readonly id: string
    readonly transition: Transition
    readonly ifVersion?: number | undefined
  },
): Effect.Effect<TransitionedReport, CliError> =>
  Effect.gen(function* () {
    const target = yield* signedInTarget(input)
    const reportId = yield* resolveReportId(target, input.id)
    const before = yield* call(target, (client) => client.reports.get({ path: { reportId } }))
    const report = yield* call(target, (client) =>
      client.reports.transition({
        path: { reportId, transition: input.transition },
        payload: input.ifVersion === undefined ? {} : { version: input.ifVersion },
      }),
    )
    return { url: target.url, report, transition: input.transition, from: before.status }
  })

export interface ExportPage {
  readonly records: ReadonlyArray<ReportRecordEncoded>
}

/**
 * Every report the filters match, in the import format, page by page (the largest pages the
 * server gives); `onPage` receives each page as it arrives so a big export streams.
 */
export const exportReports = (
  input: Flags & ReportFilters,
  onPage: (records: ReadonlyArray<ReportRecordEncoded>) => Effect.Effect<void, CliError>,
): Effect.Effect<{ readonly url: string; readonly count: number }, CliError> =>
  Effect.gen(function* () {
    const target = yield* signedInTarget(input)
    const params = yield* listParams(target, input)
    let cursor: string | undefined
    let count = 0
    const seen = new Set<string>()
    do {
      const page = yield* call(
        target,
        (client) =>
          client.reports.export({ urlParams: { ...params, ...defined({ cursor, limit: maxPageSize }) } }),
        { timeoutSeconds: 60 },
      )
      const records = page.items.map((record) => encodeRecord(record))
      yield* onPage(records)
      count += records.length
      cursor = page.nextCursor ?? undefined
      if (cursor !== undefined && seen.has(cursor))
        return yield* Effect.fail(
          new CliError({
            code: "UnexpectedResponse",
            message: "The server handed out the same page cursor twice.",
          }),
        )
      if (cursor !== undefined) seen.add(cursor)
    } while (cursor !== undefined)
    return { url: target.url, count }
  })
