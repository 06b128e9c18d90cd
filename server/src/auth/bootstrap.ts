import { randomBytes } from "node:crypto"
import { SqlClient } from "@effect/sql"
import { Effect, Layer, Option, Redacted } from "effect"
import { AppConfig } from "../config.js"
import { seedDemo } from "../seed/demo.js"
import { hashPassword } from "./passwords.js"

/**
 * On an empty database: the publisher company and the first admin. Guarded by an advisory lock
 * so two instances starting together create one admin, not two.
 */
export const BootstrapLive = Layer.effectDiscard(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const config = yield* AppConfig
    const created = yield* sql.withTransaction(
      Effect.gen(function* () {
        yield* sql`select pg_advisory_xact_lock(726173)`
        const existing = yield* sql<{ n: number }>`select count(*)::int as n from users`
        if ((existing[0]?.n ?? 0) > 0) return Option.none()
        const email = Option.getOrElse(config.adminEmail, () => "admin@folio.local")
        const generated = Option.isNone(config.adminPassword)
        const password = Option.match(config.adminPassword, {
          onNone: () => randomBytes(15).toString("base64url"),
          onSome: Redacted.value,
        })
        const company = yield* sql<{ id: string }>`
          insert into companies (name, slug, kind) values ('Folio Research', 'folio-research', 'publisher')
          on conflict do nothing returning id`
        const companyId =
          company[0]?.id ??
          (yield* sql<{ id: string }>`select id from companies where kind = 'publisher'`)[0]!.id
        yield* sql`
          insert into users (email, name, company_id, role, status, password_hash)
          values (${email}, 'Administrator', ${companyId}, 'admin', 'active', ${yield* hashPassword(password)})`
        return Option.some({ email, password, generated })
      }),
    )
    if (Option.isSome(created) && config.seed === "demo") yield* sql.withTransaction(seedDemo)
    if (Option.isSome(created)) {
      const { email, password, generated } = created.value
      yield* generated
        ? Effect.logWarning(
            `Created the first admin. Sign in as ${email} with password ${password} (shown once; change it after signing in).`,
          ).pipe(Effect.annotateLogs({ adminEmail: email, adminPassword: password }))
        : Effect.logInfo(`Created the first admin ${email} with the password from FOLIO_ADMIN_PASSWORD.`)
    }
  }).pipe(Effect.orDie),
)
