import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { type Role, SignInResult } from "@folio/core"
import { Effect, ManagedRuntime, Redacted, Schema, String as Str } from "effect"
import { expect } from "vitest"
import { hashPassword } from "../../src/auth/passwords.js"
import type { TestServer } from "./server.js"

export const seedPassword = "seeded password 1234"

/** Direct SQL against a test server's database, for arranging rows and reading the audit log. */
export const databaseOf = (server: TestServer) => {
  const runtime = ManagedRuntime.make(
    PgClient.layer({
      url: Redacted.make(server.databaseUrl),
      transformResultNames: Str.snakeToCamel,
      maxConnections: 2,
    }),
  )
  const query = <A>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) =>
    runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, f).pipe(Effect.orDie))
  const passwordHash = runtime.runPromise(hashPassword(seedPassword))

  const company = (slug: string, kind: "publisher" | "client" = "client") =>
    query((sql) =>
      sql<{ id: string }>`
        insert into companies (name, slug, kind) values (${`Company ${slug}`}, ${slug}, ${kind}) returning id`.pipe(
        Effect.map((rows) => rows[0]!.id),
      ),
    )

  const publisherId = () =>
    query((sql) =>
      sql<{ id: string }>`select id from companies where kind = 'publisher'`.pipe(
        Effect.map((rows) => rows[0]!.id),
      ),
    )

  const user = async (input: {
    readonly email: string
    readonly name: string
    readonly companyId: string
    readonly role: Role
    readonly status?: "invited" | "active" | "disabled"
  }) => {
    const hash = await passwordHash
    return query((sql) =>
      sql<{ id: string }>`
        insert into users (email, name, company_id, role, status, password_hash)
        values (${input.email}, ${input.name}, ${input.companyId}, ${input.role}, ${input.status ?? "active"}, ${hash})
        returning id`.pipe(Effect.map((rows) => rows[0]!.id)),
    )
  }

  const team = (companyId: string, name: string) =>
    query((sql) =>
      sql<{
        id: string
      }>`insert into teams (company_id, name) values (${companyId}, ${name}) returning id`.pipe(
        Effect.map((rows) => rows[0]!.id),
      ),
    )

  const member = (teamId: string, userId: string, role: "lead" | "member" = "member") =>
    query(
      (sql) => sql`insert into team_members (team_id, user_id, role) values (${teamId}, ${userId}, ${role})`,
    )

  const audit = (targetId: string) =>
    query(
      (sql) =>
        sql<{ action: string; actorEmail: string | null; before: unknown; after: unknown }>`
        select action, actor_email, before, after from audit_log where target_id = ${targetId} order by id`,
    )

  return { query, company, publisherId, user, team, member, audit, close: () => runtime.dispose() }
}

export const cliSignIn = async (server: TestServer, email: string, password = seedPassword) => {
  const response = await fetch(`${server.url}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, client: "cli" }),
  })
  expect(response.status).toBe(200)
  return Schema.decodeUnknownSync(SignInResult)(await response.json()).token ?? ""
}

export const apiCall = (
  server: TestServer,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
) =>
  fetch(`${server.url}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

/** The JSON body of a response, decoded with a core schema. */
export const decodeBody = async <A, I>(schema: Schema.Schema<A, I>, response: Response): Promise<A> =>
  Schema.decodeUnknownSync(schema)(await response.json())
