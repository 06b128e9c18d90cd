import { randomBytes } from "node:crypto"
import { CreatedChannel, RetryResult } from "@folio/core"
import { Schema } from "effect"
import { expect } from "vitest"
import { type databaseOf, decodeBody } from "./directory.js"
import type { Ctx, Row } from "./matrix.js"

interface Deps {
  readonly db: () => ReturnType<typeof databaseOf>
  readonly next: () => number
}

const day = 24 * 3600 * 1000
/** A whole-second instant `days` from now: release times must be in the future. */
const future = (days: number) => new Date(Math.floor((Date.now() + days * day) / 1000) * 1000).toISOString()

/**
 * Matrix rows for issue 11: the release schedule, blackouts and restricted tickers, channels with
 * their delivery log, corrections, and each user's private feed. Every write acts on a fresh object
 * of its own (an approved or scheduled report, a channel, a dead delivery, a blackout, a ticker),
 * so each role's call is independent. Blackouts and restrictions name a fresh ticker, never every
 * report, so they hold back no other row's release. Webhook channels are made disabled, with a URL
 * on 127.0.0.1 (the test server allows 127.0.0.0/8), so nothing is ever posted; the enabled ones
 * are feeds (rss), which deliver without a network. The feed token is everyone's own.
 */
export const releaseRows = ({ db, next }: Deps): Record<string, Row> => {
  const ticker = async () => {
    const symbol = `RL${next()}`
    await db().query(
      (sql) => sql`insert into tickers (symbol, name, exchange, sector, currency, country)
                   values (${symbol}, 'Matrix Release Corp', 'NYSE', 'Technology', 'USD', 'US')`,
    )
    return symbol
  }
  /** A report by the caller in `status`, with its first revision; a scheduled one has a future time. */
  const reportIn = async ({ caller }: Ctx, status: "approved" | "scheduled" | "published") => {
    const title = `Matrix release ${next()}`
    const rows = await db().query(
      (sql) => sql<{ id: string }>`
        insert into reports (title, sector, type, status, release_at, published_at, author_ids, created_by)
        values (${title}, 'Technology', 'note', ${status},
                ${status === "scheduled" ? future(20) : null},
                ${status === "published" ? new Date() : null}, ${[caller.userId]}::uuid[], ${caller.userId})
        returning id`,
    )
    const id = rows[0]!.id
    await db().query(
      (sql) =>
        sql`insert into report_revisions (report_id, version, fields) values (${id}, 1, ${JSON.stringify({
          title,
          summary: "",
          body: "",
          type: "note",
          sector: "Technology",
          tickers: [],
          tags: [],
          channels: [],
          rating: null,
          targetPrice: null,
          targetCurrency: null,
        })}::jsonb)`,
    )
    return id
  }
  const channel = async (kind: "webhook" | "rss", enabled: boolean) => {
    const rows = await db().query(
      (sql) => sql<{ id: string }>`
        insert into channels (name, kind, enabled, url, secret)
        values (${`Matrix ${kind} ${next()}`}, ${kind}, ${enabled},
                ${kind === "webhook" ? "http://127.0.0.1:9/matrix" : null},
                ${kind === "webhook" ? `whsec_${randomBytes(24).toString("base64")}` : null})
        returning id`,
    )
    return rows[0]!.id
  }
  const deadDelivery = async () => {
    const channelId = await channel("rss", false)
    const rows = await db().query(
      (sql) => sql<{ id: string }>`
        insert into deliveries (channel_id, event, status, attempts, last_error)
        values (${channelId}, 'channel.test', 'dead', 5, 'Matrix: gave up')
        returning id`,
    )
    return rows[0]!.id
  }
  const blackout = async () => {
    const symbol = await ticker()
    const rows = await db().query(
      (sql) => sql<{ id: string }>`
        insert into blackouts (starts_at, ends_at, ticker, reason)
        values (${future(40)}, ${future(41)}, ${symbol}, 'Matrix quiet period')
        returning id`,
    )
    return rows[0]!.id
  }
  const restrictedTicker = async () => {
    const symbol = await ticker()
    await db().query(
      (sql) => sql`insert into restricted_tickers (symbol, reason) values (${symbol}, 'Matrix restriction')`,
    )
    return symbol
  }
  const feedToken = (userId: string) =>
    db().query(
      (sql) => sql`
        insert into feed_tokens (user_id, token_hash) values (${userId}, ${randomBytes(32).toString("hex")})
        on conflict (user_id) do update set token_hash = excluded.token_hash`,
    )

  return {
    "releases.schedule": {
      access: "policy",
      action: "releases.manage",
      need: "read",
      scoped: false,
      request: async () => ({ method: "GET", path: "/schedule" }),
    },
    "releases.setSchedule": {
      access: "policy",
      action: "reports.schedule",
      need: "write",
      scoped: false,
      request: async (ctx) => ({
        method: "PUT",
        path: `/reports/${await reportIn(ctx, "approved")}/schedule`,
        body: { releaseAt: future(10), version: 1 },
      }),
    },
    "releases.unsetSchedule": {
      access: "policy",
      action: "reports.schedule",
      need: "write",
      scoped: false,
      request: async (ctx) => ({
        method: "DELETE",
        path: `/reports/${await reportIn(ctx, "scheduled")}/schedule`,
      }),
    },
    "releases.apply": {
      access: "policy",
      action: "reports.schedule",
      need: "write",
      scoped: false,
      request: async (ctx) => ({
        method: "POST",
        path: "/schedule/apply",
        body: { entries: [{ report: await reportIn(ctx, "approved"), releaseAt: future(11) }] },
      }),
    },
    "releases.blackouts": {
      access: "policy",
      action: "releases.manage",
      need: "read",
      scoped: false,
      request: async () => ({ method: "GET", path: "/blackouts" }),
    },
    "releases.addBlackout": {
      access: "policy",
      action: "releases.manage",
      need: "write",
      scoped: false,
      request: async () => ({
        method: "POST",
        path: "/blackouts",
        body: { startsAt: future(30), endsAt: future(31), ticker: await ticker(), reason: "Matrix results" },
      }),
    },
    "releases.removeBlackout": {
      access: "policy",
      action: "releases.manage",
      need: "write",
      scoped: false,
      request: async () => ({ method: "DELETE", path: `/blackouts/${await blackout()}` }),
    },
    "releases.restricted": {
      access: "policy",
      action: "releases.manage",
      need: "read",
      scoped: false,
      request: async () => ({ method: "GET", path: "/restricted-tickers" }),
    },
    "releases.restrict": {
      access: "policy",
      action: "releases.manage",
      need: "write",
      scoped: false,
      request: async () => ({
        method: "PUT",
        path: `/restricted-tickers/${await ticker()}`,
        body: { reason: "Matrix advisory mandate" },
      }),
    },
    "releases.unrestrict": {
      access: "policy",
      action: "releases.manage",
      need: "write",
      scoped: false,
      request: async () => ({ method: "DELETE", path: `/restricted-tickers/${await restrictedTicker()}` }),
    },
    "channels.list": {
      access: "policy",
      action: "channels.manage",
      need: "read",
      scoped: false,
      request: async () => ({ method: "GET", path: "/channels" }),
    },
    "channels.create": {
      access: "policy",
      action: "channels.manage",
      need: "write",
      scoped: false,
      request: async () => ({
        method: "POST",
        path: "/channels",
        body: {
          name: `Matrix created ${next()}`,
          kind: "webhook",
          enabled: false,
          url: "http://127.0.0.1:9/matrix-created",
        },
      }),
      check: async (_ctx, response) => {
        const created = await decodeBody(CreatedChannel, response)
        expect(created.secret).toMatch(/^whsec_/)
      },
    },
    "channels.update": {
      access: "policy",
      action: "channels.manage",
      need: "write",
      scoped: false,
      request: async () => ({
        method: "PATCH",
        path: `/channels/${await channel("webhook", false)}`,
        body: { name: `Matrix renamed ${next()}`, url: "http://127.0.0.1:9/matrix-moved" },
      }),
    },
    "channels.rotateSecret": {
      access: "policy",
      action: "channels.manage",
      need: "write",
      scoped: false,
      request: async () => ({
        method: "POST",
        path: `/channels/${await channel("webhook", false)}/rotate-secret`,
      }),
    },
    "channels.test": {
      access: "policy",
      action: "channels.manage",
      need: "write",
      scoped: false,
      request: async () => ({ method: "POST", path: `/channels/${await channel("rss", true)}/test` }),
    },
    "channels.deliveries": {
      access: "policy",
      action: "channels.manage",
      need: "read",
      scoped: false,
      request: async () => ({ method: "GET", path: "/deliveries?status=dead,failed&limit=5" }),
    },
    "channels.retry": {
      access: "policy",
      action: "channels.manage",
      need: "write",
      scoped: false,
      request: async () => ({
        method: "POST",
        path: "/deliveries/retry",
        body: { ids: [await deadDelivery()] },
      }),
      check: async (_ctx, response) => {
        expect(await decodeBody(RetryResult, response)).toEqual({ retried: 1 })
      },
    },
    "channels.redeliver": {
      access: "policy",
      action: "reports.publish",
      need: "write",
      scoped: false,
      request: async (ctx) => ({
        method: "POST",
        path: `/reports/${await reportIn(ctx, "published")}/redeliver`,
        body: { note: "Matrix: corrected the summary" },
      }),
    },
    "channels.feedToken": {
      access: "policy",
      action: "profile.manage",
      need: "read",
      scoped: false,
      request: async () => ({ method: "GET", path: "/profile/feed" }),
    },
    "channels.newFeedToken": {
      access: "policy",
      action: "profile.manage",
      need: "write",
      scoped: false,
      request: async () => ({ method: "POST", path: "/profile/feed" }),
      check: async (_ctx, response) => {
        const created = await decodeBody(
          Schema.Struct({ url: Schema.String, rssUrl: Schema.String }),
          response,
        )
        expect(created.url).toMatch(/\/feeds\/fd_[A-Za-z0-9_-]{43}$/)
        expect(created.rssUrl).toBe(`${created.url}/rss`)
      },
    },
    "channels.revokeFeedToken": {
      access: "policy",
      action: "profile.manage",
      need: "write",
      scoped: false,
      request: async ({ caller }) => {
        await feedToken(caller.userId)
        return { method: "DELETE", path: "/profile/feed" }
      },
      check: async ({ caller }) => {
        const left = await db().query(
          (sql) => sql`select 1 from feed_tokens where user_id = ${caller.userId}`,
        )
        expect(left).toHaveLength(0)
      },
    },
  }
}
