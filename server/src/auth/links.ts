import { randomInt, timingSafeEqual } from "node:crypto"
import { SqlClient } from "@effect/sql"
import { linkUnusableTexts, Unauthorized } from "@folio/core"
import { Effect, Option } from "effect"
import { ConfigStore } from "../config/store.js"
import { hashSecret, newSecret } from "./tokens.js"

export type LinkKind = "magic_link" | "reset" | "invite"

/** Reset and invite links last this long; a sign-in link as long as `auth.magicLink.ttlMinutes`. */
const fixedLifetimeMinutes: Record<Exclude<LinkKind, "magic_link">, number> = {
  reset: 60,
  invite: 7 * 24 * 60,
}

export const maxCodeAttempts = 5

export const wrongCode =
  "That code is not right, or it is no longer valid (codes work once, as long as their link, and stop after 5 wrong tries). Request a new link if needed."

interface LinkRow {
  readonly id: string
  readonly userId: string
  readonly expiresAt: Date
}

/**
 * Single-use secrets sent by email. Only hashes are stored. Issuing a new link of a kind
 * retires the user's older ones, so only the latest email works.
 */
export class Links extends Effect.Service<Links>()("@folio/server/Links", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const config = yield* ConfigStore

    const lifetimeMinutes = (kind: LinkKind): number =>
      kind === "magic_link" ? config.settings()["auth.magicLink.ttlMinutes"] : fixedLifetimeMinutes[kind]

    /** A new link of `kind` for the user, and how many minutes it lasts (for the letter to say). */
    const issue = (kind: LinkKind, userId: string) =>
      Effect.gen(function* () {
        const minutes = lifetimeMinutes(kind)
        const token = newSecret()
        const code = kind === "magic_link" ? String(randomInt(0, 1_000_000)).padStart(6, "0") : undefined
        yield* sql`update auth_links set used_at = now() where user_id = ${userId} and kind = ${kind} and used_at is null`
        yield* sql`
          insert into auth_links (kind, user_id, token_hash, code_hash, expires_at)
          values (${kind}, ${userId}, ${hashSecret(token)}, ${code ? hashSecret(`${userId}:${code}`) : null},
                  now() + make_interval(mins => ${minutes}))`
        return { token, code, minutes }
      }).pipe(Effect.orDie)

    /** Looks at a link without using it (GET pages, mail scanners). */
    const peek = (kind: LinkKind, token: string) =>
      sql<LinkRow>`
        select id, user_id, expires_at from auth_links
        where token_hash = ${hashSecret(token)} and kind = ${kind} and used_at is null and expires_at > now()`.pipe(
        Effect.map((rows) => Option.fromNullable(rows[0])),
        Effect.orDie,
      )

    /** Uses a link up: succeeds once, atomically, even when two requests race. */
    const consume = (kind: LinkKind, token: string) =>
      sql<LinkRow>`
        update auth_links set used_at = now()
        where token_hash = ${hashSecret(token)} and kind = ${kind} and used_at is null and expires_at > now()
        returning id, user_id, expires_at`.pipe(
        Effect.orDie,
        Effect.flatMap((rows) =>
          rows[0]
            ? Effect.succeed(rows[0])
            : Effect.fail(new Unauthorized({ message: linkUnusableTexts[kind] })),
        ),
      )

    /**
     * The 6-digit fallback of the latest sign-in link; dead after five wrong tries. The attempt
     * count is committed before answering, so a wrong guess is counted even though it fails.
     */
    const consumeCode = (userId: string, code: string) =>
      Effect.gen(function* () {
        const rows = yield* sql<{ id: string; codeHash: Buffer; codeAttempts: number }>`
          select id, code_hash, code_attempts from auth_links
          where user_id = ${userId} and kind = 'magic_link' and used_at is null and expires_at > now()
            and code_hash is not null
          order by created_at desc limit 1 for update`
        const link = rows[0]
        // One message for every failure, so a wrong code says nothing about the account.
        if (!link || link.codeAttempts >= maxCodeAttempts) return wrongCode
        if (!timingSafeEqual(hashSecret(`${userId}:${code}`), link.codeHash)) {
          yield* sql`update auth_links set code_attempts = ${link.codeAttempts + 1} where id = ${link.id}`
          return wrongCode
        }
        yield* sql`update auth_links set used_at = now() where id = ${link.id}`
        return undefined
      }).pipe(
        sql.withTransaction,
        Effect.orDie,
        Effect.flatMap((problem) =>
          problem === undefined ? Effect.void : Effect.fail(new Unauthorized({ message: problem })),
        ),
      )

    return { issue, peek, consume, consumeCode } as const
  }),
}) {}
