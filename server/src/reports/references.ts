import { SqlClient } from "@effect/sql"
import { type FieldIssue, parseAudienceRef } from "@folio/core"
import { Effect } from "effect"
import type { AudienceWrite } from "./repo.js"

/**
 * Names in a report that must point at something real: tickers, authors (publisher staff who
 * write: admins, editors, analysts) and audience companies/teams (clients). Resolved in bulk so
 * an import batch of a thousand rows costs a handful of queries.
 */
export class ReportReferences extends Effect.Service<ReportReferences>()("@folio/server/ReportReferences", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    const tickers = (symbols: ReadonlyArray<string>) =>
      symbols.length === 0
        ? Effect.succeed(new Set<string>())
        : sql<{
            symbol: string
          }>`select symbol from tickers where symbol = any(${[...new Set(symbols)]}::text[])`.pipe(
            Effect.orDie,
            Effect.map((rows) => new Set(rows.map((r) => r.symbol))),
          )

    const authorsById = (ids: ReadonlyArray<string>) =>
      ids.length === 0
        ? Effect.succeed(new Set<string>())
        : sql<{ id: string }>`
            select u.id from users u join companies c on c.id = u.company_id
            where u.id = any(${[...new Set(ids)]}::uuid[]) and c.kind = 'publisher'
              and u.role in ('admin', 'editor', 'analyst') and u.status <> 'disabled'`.pipe(
            Effect.orDie,
            Effect.map((rows) => new Set(rows.map((r) => r.id))),
          )

    /** Lower-cased email → user id, for the publisher's writers. */
    const authorsByEmail = (emails: ReadonlyArray<string>) =>
      emails.length === 0
        ? Effect.succeed(new Map<string, string>())
        : sql<{ id: string; email: string }>`
            select u.id, lower(u.email) as email from users u join companies c on c.id = u.company_id
            where lower(u.email) = any(${[...new Set(emails.map((e) => e.toLowerCase()))]}::text[])
              and c.kind = 'publisher' and u.role in ('admin', 'editor', 'analyst') and u.status <> 'disabled'`.pipe(
            Effect.orDie,
            Effect.map((rows) => new Map(rows.map((r) => [r.email, r.id]))),
          )

    /** Checks audience entries given by id; returns the issues, field paths under `audience`. */
    const checkAudience = (entries: ReadonlyArray<AudienceWrite>) =>
      Effect.gen(function* () {
        const issues: Array<FieldIssue> = []
        const companyIds = entries.flatMap((e) => (e.companyId ? [e.companyId] : []))
        const teamIds = entries.flatMap((e) => (e.teamId ? [e.teamId] : []))
        const companies =
          companyIds.length === 0
            ? new Set<string>()
            : new Set(
                (yield* sql<{
                  id: string
                }>`select id from companies where id = any(${companyIds}::uuid[]) and kind = 'client'`.pipe(
                  Effect.orDie,
                )).map((r) => r.id),
              )
        const teams =
          teamIds.length === 0
            ? new Map<string, string>()
            : new Map(
                (yield* sql<{
                  id: string
                  companyId: string
                }>`select id, company_id from teams where id = any(${teamIds}::uuid[])`.pipe(
                  Effect.orDie,
                )).map((r) => [r.id, r.companyId]),
              )
        const seen = new Set<string>()
        entries.forEach((entry, index) => {
          const key = `${entry.companyId ?? "all"}/${entry.teamId ?? ""}`
          if (seen.has(key))
            issues.push({ path: ["audience", index], message: "This audience entry is listed twice" })
          seen.add(key)
          if (entry.companyId === null) {
            if (entry.teamId !== null)
              issues.push({ path: ["audience", index, "teamId"], message: "A team needs its company" })
          } else if (!companies.has(entry.companyId)) {
            issues.push({ path: ["audience", index, "companyId"], message: "No such client company" })
          } else if (entry.teamId !== null && teams.get(entry.teamId) !== entry.companyId) {
            issues.push({ path: ["audience", index, "teamId"], message: "No such team in that company" })
          }
        })
        return issues
      })

    /**
     * Resolves audience references (`all`, `slug`, `slug/Team name`, `+24h`) for many rows at once.
     * Returns a function from one ref to its entry, or a message saying what is unknown.
     */
    const audienceResolver = (refs: ReadonlyArray<string>) =>
      Effect.gen(function* () {
        const parsed = refs.map(parseAudienceRef)
        const slugs = [...new Set(parsed.flatMap((p) => (p.company ? [p.company] : [])))]
        const rows =
          slugs.length === 0
            ? []
            : yield* sql<{ companyId: string; slug: string; teamId: string | null; teamName: string | null }>`
                select c.id as company_id, c.slug, t.id as team_id, lower(t.name) as team_name
                from companies c left join teams t on t.company_id = c.id
                where c.slug = any(${slugs}::text[]) and c.kind = 'client'`.pipe(Effect.orDie)
        const companies = new Map<string, string>()
        const teams = new Map<string, string>()
        for (const row of rows) {
          companies.set(row.slug, row.companyId)
          if (row.teamId && row.teamName !== null) teams.set(`${row.slug}/${row.teamName}`, row.teamId)
        }
        return (ref: string): AudienceWrite | string => {
          const p = parseAudienceRef(ref)
          if (p.all) return { companyId: null, teamId: null, embargoHours: p.embargoHours }
          const companyId = p.company ? companies.get(p.company) : undefined
          if (!companyId) return `No client company with the slug "${p.company}"`
          if (p.team === null) return { companyId, teamId: null, embargoHours: p.embargoHours }
          const teamId = teams.get(`${p.company}/${p.team.toLowerCase()}`)
          if (!teamId) return `No team "${p.team}" in ${p.company}`
          return { companyId, teamId, embargoHours: p.embargoHours }
        }
      })

    return { tickers, authorsById, authorsByEmail, checkAudience, audienceResolver } as const
  }),
}) {}
