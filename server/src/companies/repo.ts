import { SqlClient, type SqlError, type Statement } from "@effect/sql"
import { Company, type CompanyListParams, type CompanyStatus, Conflict, type Entitlements } from "@folio/core"
import { Effect, Option, Schema } from "effect"
import { onUniqueViolation } from "../db/constraints.js"
import { containsPattern, defaultPageSize, nameCursor, pageOf } from "../db/keyset.js"
import type { Reach } from "./reach.js"

const CompanyRow = Schema.Struct({
  ...Company.fields,
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf,
})
const decodeRows = Schema.decodeUnknown(Schema.Array(CompanyRow))

/** The columns a company's owner may change, as stored. */
export interface CompanyFields {
  readonly name: string
  readonly slug: string
  readonly domain: string | null
  readonly status: CompanyStatus
  readonly entitlements: Entitlements
}

const sectorsOf = (entitlements: Entitlements): ReadonlyArray<string> | null =>
  entitlements === "all" ? null : [...new Set(entitlements)]

const conflicts = (fields: { readonly slug: string; readonly domain: string | null }) =>
  onUniqueViolation({
    companies_slug_key: () =>
      new Conflict({ message: `The slug "${fields.slug}" is already used by another company.` }),
    companies_domain_unique: () =>
      new Conflict({ message: `The domain "${fields.domain}" is already used by another company.` }),
    companies_one_publisher: () =>
      new Conflict({ message: "There is already a publisher company; other companies are clients." }),
  })

export class CompaniesRepo extends Effect.Service<CompaniesRepo>()("@folio/server/CompaniesRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    const reachClause = (reach: Reach) =>
      Option.match(reach, { onNone: () => sql`true`, onSome: (companyId) => sql`c.id = ${companyId}` })

    const select = (where: Statement.Fragment, tail: Statement.Fragment = sql``) =>
      sql`
        select c.id, c.name, c.slug, c.domain, c.kind, c.status,
               coalesce(to_jsonb(c.entitled_sectors), '"all"'::jsonb) as entitlements,
               (select count(*)::int from users u where u.company_id = c.id) as user_count,
               (select count(*)::int from teams t where t.company_id = c.id) as team_count,
               c.created_at, c.updated_at
        from companies c
        where ${where}
        ${tail}`.pipe(Effect.flatMap(decodeRows), Effect.orDie)

    const list = (params: CompanyListParams, reach: Reach) =>
      Effect.gen(function* () {
        const limit = params.limit ?? defaultPageSize
        const after = yield* nameCursor(params.cursor)
        const clauses: Array<Statement.Fragment> = [reachClause(reach)]
        if (params.kind) clauses.push(sql`c.kind = ${params.kind}`)
        if (params.status) clauses.push(sql`c.status = ${params.status}`)
        if (params.q) {
          const pattern = containsPattern(params.q)
          clauses.push(sql`(lower(c.name) like ${pattern} or c.slug like ${pattern})`)
        }
        if (Option.isSome(after)) clauses.push(sql`(c.name, c.id) > (${after.value.name}, ${after.value.id})`)
        const rows = yield* select(sql.and(clauses), sql`order by c.name, c.id limit ${limit + 1}`)
        return pageOf(rows, limit)
      })

    const find = (id: string, reach: Reach) =>
      select(sql.and([sql`c.id = ${id}`, reachClause(reach)])).pipe(
        Effect.map((rows) => Option.fromNullable(rows[0])),
      )

    /** The company row, locked until the transaction ends, so concurrent edits apply one after another. */
    const lock = (id: string) =>
      sql`select id from companies where id = ${id} for update`.pipe(
        Effect.orDie,
        Effect.zipRight(find(id, Option.none())),
      )

    const insert = (fields: CompanyFields & { readonly kind: "publisher" | "client" }) =>
      sql<{ id: string }>`
        insert into companies (name, slug, domain, kind, status, entitled_sectors)
        values (${fields.name}, ${fields.slug}, ${fields.domain}, ${fields.kind}, ${fields.status},
                ${sectorsOf(fields.entitlements)}::text[])
        returning id`.pipe(
        conflicts(fields),
        Effect.catchTag("SqlError", (error: SqlError.SqlError) => Effect.die(error)),
        Effect.map((rows) => rows[0]!.id),
      )

    const update = (id: string, fields: CompanyFields) =>
      sql`
        update companies set name = ${fields.name}, slug = ${fields.slug}, domain = ${fields.domain},
               status = ${fields.status}, entitled_sectors = ${sectorsOf(fields.entitlements)}::text[],
               updated_at = now()
        where id = ${id}`.pipe(
        conflicts(fields),
        Effect.catchTag("SqlError", (error: SqlError.SqlError) => Effect.die(error)),
        Effect.asVoid,
      )

    return { list, find, lock, insert, update } as const
  }),
}) {}
