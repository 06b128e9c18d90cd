import {
  type Actor,
  can,
  decodeCursor,
  encodeCursor,
  grantFor,
  type SearchParams,
  searchCandidateLimit,
  ValidationError,
} from "@folio/core"
import { Effect } from "effect"
import { reachOf } from "../companies/reach.js"
import { Companies } from "../companies/service.js"
import type { ReportReach } from "../reports/reach.js"
import { ReportsRepo } from "../reports/repo.js"
import { TickersRepo } from "../tickers/repo.js"
import { Users } from "../users/service.js"
import { type Candidate, estimatedMatches, facetsOf, pageOf } from "./candidates.js"
import { SearchRepo } from "./repo.js"
import { runsOf } from "./snippets.js"

const defaultLimit = 20
const candidateLimit = searchCandidateLimit
/**
 * A search with few matches ranks them all, up to this many, rather than the newest
 * `candidateLimit`; whether there are that few is judged from how recent the newest 201 are. A
 * rare query's matches come from each month's word index, about 20 µs each on the 2-core machine:
 * at 1M reports, ranking up to 1,000 left the p95 of the candidate statements where it was, 2,000
 * added 4–6 ms and 5,000 tripled it (docs/performance.md, "Search relevance").
 */
export const allMatchesLimit = 1000

/** The start (UTC) of this month, of the three months before it, and of the twelve before it. */
export const searchWindows = (now: Date): ReadonlyArray<Date> =>
  [0, 3, 12].map((back) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)))

/** How long the oldest searchable date is reused before it is read again. */
const oldestDateMaxAgeMs = 5 * 60_000

/** The years from the one before `newest` down to `oldest`, as text, newest first. */
export const yearsBetween = (newest: number, oldest: number): ReadonlyArray<string> =>
  Array.from({ length: Math.max(0, newest - oldest) }, (_, i) => String(newest - 1 - i))

export class Search extends Effect.Service<Search>()("@folio/server/Search", {
  effect: Effect.gen(function* () {
    const repo = yield* SearchRepo
    const reports = yield* ReportsRepo
    const tickers = yield* TickersRepo
    const companies = yield* Companies
    const users = yield* Users

    /**
     * The date of the oldest report a reader could find (published ones, for all but staff). It
     * changes about never, so it is read at most every few minutes.
     */
    const oldestDates = new Map<
      "staff" | "published",
      { readonly oldest: Date | undefined; readonly readAt: number }
    >()
    const oldestDate = (reach: ReportReach) =>
      Effect.gen(function* () {
        const key = reach.kind === "staff" ? "staff" : "published"
        const known = oldestDates.get(key)
        if (known !== undefined && Date.now() - known.readAt < oldestDateMaxAgeMs) return known.oldest
        const oldest = yield* repo.oldestDate(key)
        oldestDates.set(key, { oldest, readAt: Date.now() })
        return oldest
      })

    /**
     * The candidates a search ranks: every match when there are at most `candidateLimit`, or at
     * most `allMatchesLimit` by the estimate of the newest; else the newest `candidateLimit`
     * (`capped`). Matches are read a window of dates at a time, newest first: this month (and any
     * later date), the three months before, the year before, and everything older, stopping as
     * soon as there are enough. Most searches stop after the first window or two.
     */
    const candidatesOf = (params: SearchParams, reach: ReportReach) =>
      Effect.gen(function* () {
        const now = new Date()
        const bounds = searchWindows(now)
        const found: Array<Candidate> = []
        let next = 0 // the next window to read
        let whole = 0 // how many of `found` come from windows read whole
        const readUpTo = (limit: number) =>
          Effect.gen(function* () {
            for (; next < bounds.length + 1 && found.length <= limit; next++) {
              whole = found.length
              const from = bounds[next] ?? null
              const to = next === 0 ? null : (bounds[next - 1] ?? null)
              found.push(...(yield* repo.matchesWithin(params, reach, from, to, limit + 1 - found.length)))
            }
          })
        yield* readUpTo(candidateLimit)
        if (found.length <= candidateLimit) return { candidates: found, capped: false }
        const newest = found.slice(0, candidateLimit + 1)
        // The time the matches could span: from the oldest report (or the `from` filter) to now
        // (or the `to` filter), or to a later date if a match has one.
        const latest = newest[0]?.at ?? now
        const to = params.to !== undefined && params.to < now ? params.to : now
        const oldest = (yield* oldestDate(reach)) ?? to
        const from = params.from !== undefined && params.from > oldest ? params.from : oldest
        if (
          estimatedMatches(newest, from, new Date(Math.max(latest.getTime(), to.getTime()))) > allMatchesLimit
        )
          return { candidates: newest.slice(0, candidateLimit), capped: true }
        // Few enough to rank them all: the last window read stopped at the limit, so it is read
        // again with the larger one, then the older windows.
        found.length = whole
        next -= 1
        yield* readUpTo(allMatchesLimit)
        return found.length <= allMatchesLimit
          ? { candidates: found, capped: false }
          : { candidates: found.slice(0, candidateLimit), capped: true }
      })

    const searchReports = (actor: Actor, params: SearchParams, reach: ReportReach) =>
      Effect.gen(function* () {
        const limit = params.limit ?? defaultLimit
        let offset = 0
        if (params.cursor !== undefined) {
          const decoded = decodeCursor(params.cursor)
          if (!decoded || typeof decoded[0] !== "number" || decoded[0] < 0 || decoded[0] >= allMatchesLimit) {
            return yield* ValidationError.field(
              "cursor",
              "The page cursor is not valid; start the search again.",
            )
          }
          offset = decoded[0]
        }
        // Each statement is sent unprepared, so PostgreSQL plans it for its own words: the right
        // way to find the candidates depends on how common they are.
        const { candidates: kept, capped } = yield* candidatesOf(params, reach)
        const page = pageOf(kept, limit, offset)
        const pageIds = page.slice(0, limit)
        const facets = offset > 0 ? null : facetsOf(kept)
        // A capped search counts the newest years only; the older ones stay reachable as filters.
        const olderYears =
          capped && offset === 0
            ? yearsBetween(
                Math.min(...(facets?.years ?? []).map((y) => Number(y.value)), new Date().getUTCFullYear()),
                ((yield* oldestDate(reach)) ?? new Date()).getUTCFullYear(),
              )
            : []
        // The marked snippets (the costly part: ts_headline over each body) in two halves and the
        // list rows, at once on three connections, so PostgreSQL highlights on two cores.
        const half = Math.ceil(pageIds.length / 2)
        const [first, second, rows] =
          pageIds.length === 0
            ? [[], [], []]
            : yield* Effect.all(
                [
                  repo.highlights(params, pageIds.slice(0, half)),
                  half < pageIds.length ? repo.highlights(params, pageIds.slice(half)) : Effect.succeed([]),
                  reports.findMany(pageIds, actor.user.id),
                ],
                { concurrency: 3 },
              )
        const marked = [...first, ...second]
        const hitById = new Map(marked.map((hit) => [hit.id, hit]))
        const byId = new Map<string, (typeof rows)[number]>(rows.map((r) => [r.id, r]))
        return {
          reports: pageIds.flatMap((id) => {
            const report = byId.get(id)
            const hit = hitById.get(id)
            if (!report || !hit) return []
            const { body: _body, ...item } = report
            return [{ report: item, title: runsOf(hit.title), snippet: runsOf(hit.snippet) }]
          }),
          total: kept.length,
          capped,
          facets: facets === null ? null : { ...facets, olderYears },
          nextCursor: page.length > limit ? encodeCursor([offset + limit]) : null,
        }
      }).pipe(Effect.catchTag("SqlError", Effect.die))

    const search = (actor: Actor, params: SearchParams, reach: ReportReach) =>
      Effect.gen(function* () {
        const q = params.q
        const [found, tickerPage, companyPage, userPage] = yield* Effect.all(
          [
            searchReports(actor, params, reach),
            params.cursor === undefined
              ? tickers.list({ q, limit: 5 }, reach)
              : Effect.succeed({ items: [] }),
            params.cursor === undefined && can(actor.user.role, "companies.read")
              ? companies.list({ q, limit: 5 }, reachOf(grantFor(actor.user.role, "companies.read"), actor))
              : Effect.succeed({ items: [] }),
            params.cursor === undefined && can(actor.user.role, "users.read")
              ? users.list({ q, limit: 5 }, reachOf(grantFor(actor.user.role, "users.read"), actor))
              : Effect.succeed({ items: [] }),
          ],
          { concurrency: 4 },
        )
        return {
          ...found,
          tickers: tickerPage.items,
          companies: companyPage.items.map((c) => ({ id: c.id, name: c.name, slug: c.slug, kind: c.kind })),
          users: userPage.items,
        }
      })

    return { search } as const
  }),
  dependencies: [
    SearchRepo.Default,
    ReportsRepo.Default,
    TickersRepo.Default,
    Companies.Default,
    Users.Default,
  ],
}) {}
