import { SqlClient } from "@effect/sql"
import { type Actor, ApiToken, apiTokenPrefix, type CreateApiToken, NotFound } from "@folio/core"
import { Effect, Option, Schema } from "effect"
import { UsersRepo } from "../users/repo.js"
import { hashSecret, newSecret } from "./tokens.js"

const TokenRow = Schema.Struct({
  ...ApiToken.fields,
  createdAt: Schema.DateFromSelf,
  expiresAt: Schema.NullOr(Schema.DateFromSelf),
  lastUsedAt: Schema.NullOr(Schema.DateFromSelf),
})
const decodeTokens = Schema.decodeUnknown(Schema.Array(TokenRow))

/** Personal API tokens for the CLI and CI: hashed at rest, shown once, scoped, revocable. */
export class ApiTokens extends Effect.Service<ApiTokens>()("@folio/server/ApiTokens", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const users = yield* UsersRepo

    const list = (userId: string) =>
      sql`
        select id, name, scopes, hint, created_at, expires_at, last_used_at from api_tokens
        where user_id = ${userId} and revoked_at is null order by created_at desc`.pipe(
        Effect.flatMap(decodeTokens),
        Effect.orDie,
      )

    const create = (userId: string, input: CreateApiToken) =>
      Effect.gen(function* () {
        const secret = `${apiTokenPrefix}${newSecret()}`
        const expiresAt =
          input.expiresInDays === null ? null : new Date(Date.now() + input.expiresInDays * 86_400_000)
        const scopes = [...new Set(input.scopes)]
        const rows = yield* sql`
          insert into api_tokens (user_id, name, scopes, token_hash, hint, expires_at)
          values (${userId}, ${input.name}, string_to_array(${scopes.join(",")}, ','), ${hashSecret(secret)},
                  ${secret.slice(0, apiTokenPrefix.length + 4)}, ${expiresAt})
          returning id, name, scopes, hint, created_at, expires_at, last_used_at`.pipe(
          Effect.flatMap(decodeTokens),
        )
        return { token: rows[0]!, secret }
      }).pipe(Effect.orDie)

    const revoke = (userId: string, tokenId: string) =>
      sql<{ id: string; name: string }>`
        update api_tokens set revoked_at = now()
        where id = ${tokenId} and user_id = ${userId} and revoked_at is null
        returning id, name`.pipe(
        Effect.orDie,
        Effect.flatMap((rows) =>
          rows[0] ? Effect.succeed(rows[0]) : Effect.fail(new NotFound({ message: "No such API token." })),
        ),
      )

    /** The actor behind a token secret; every use stamps last-used (at most once a minute). */
    const resolve = (secret: string) =>
      Effect.gen(function* () {
        const rows = yield* sql<{
          id: string
          userId: string
          scopes: ReadonlyArray<string>
          lastUsedAt: Date | null
        }>`
          select id, user_id, scopes, last_used_at from api_tokens
          where token_hash = ${hashSecret(secret)} and revoked_at is null
            and (expires_at is null or expires_at > now())`
        const token = rows[0]
        if (!token) return Option.none<Actor>()
        const user = yield* users.findById(token.userId)
        if (Option.isNone(user) || user.value.status !== "active") return Option.none<Actor>()
        if (!token.lastUsedAt || Date.now() - token.lastUsedAt.getTime() > 60_000) {
          yield* sql`update api_tokens set last_used_at = now() where id = ${token.id}`
        }
        const { passwordHash: _, company, ...profile } = user.value
        const scopes = token.scopes.filter(
          (s): s is Actor["scopes"][number] => s === "read" || s === "write" || s === "admin",
        )
        return Option.some<Actor>({
          user: profile,
          company,
          sessionId: Option.none(),
          csrfToken: null,
          via: "token",
          scopes,
        })
      }).pipe(Effect.orDie)

    return { list, create, revoke, resolve } as const
  }),
  dependencies: [UsersRepo.Default],
}) {}
