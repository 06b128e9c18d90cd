import { createHash } from "node:crypto"
import { SqlClient } from "@effect/sql"
import { type Actor, grantFor, markdownToText, renderMarkdown } from "@folio/core"
import { Effect, Option } from "effect"
import { XMLBuilder } from "fast-xml-parser"
import { AppConfig, publicOriginOf } from "../config.js"
import { reportReachOf } from "../reports/reach.js"
import { ReportsRepo, type StoredReport } from "../reports/repo.js"
import { UsersRepo } from "../users/repo.js"
import { FeedTokens } from "./tokens.js"

export type FeedFormat = "atom" | "rss"

/** How many reports a feed holds: the newest, by publication. */
export const feedSize = 50

/** What both documents are built from: one reader's readable reports, newest first. */
export interface FeedContent {
  readonly origin: string
  readonly token: string
  readonly userId: string
  readonly companyId: string
  readonly userName: string
  /** When the feed last changed: its newest entry's update, or when the token was made. */
  readonly updated: Date
  readonly reports: ReadonlyArray<StoredReport>
}

/**
 * XML 1.0 cannot carry most control characters, even escaped; one in a report's text would
 * make the whole document unreadable to a strict feed reader, so they are dropped.
 */
export const xmlText = (text: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML allows are named to drop the rest
  text.replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")

export const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  format: true,
  suppressEmptyNode: true,
})

const declaration = { "?xml": { "@_version": "1.0", "@_encoding": "utf-8" } }

const feedTitle = (content: FeedContent) => xmlText(`Folio — reports for ${content.userName}`)
const reportUrl = (content: FeedContent, report: StoredReport) => `${content.origin}/reports/${report.id}`
const atomUrl = (content: FeedContent) => `${content.origin}/feeds/${content.token}`
const rssUrl = (content: FeedContent) => `${content.origin}/feeds/${content.token}/rss`

/**
 * The feed's Atom id: a name-based (version 5 layout) UUID of the user and this server, so it
 * stays the same when the token is replaced and names neither the token nor the user's id.
 */
const feedUrn = (content: FeedContent) => {
  const bytes = createHash("sha1").update(`folio:report-feed:${content.origin}:${content.userId}`).digest()
  bytes[6] = (bytes[6]! & 0x0f) | 0x50
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = bytes.subarray(0, 16).toString("hex")
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** A later save (a correction) moves an entry's update past its publication, never before it. */
const entryUpdated = (report: StoredReport) =>
  report.publishedAt && report.publishedAt > report.updatedAt ? report.publishedAt : report.updatedAt

/** The report as readers see it on its page: the body, then its disclosures. */
const contentHtml = (report: StoredReport) => {
  const body = renderMarkdown(report.body ?? "")
  const disclosures = report.disclosures?.trim()
  return xmlText(disclosures ? `${body}<hr>\n<h2>Disclosures</h2>\n${renderMarkdown(disclosures)}` : body)
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

/**
 * RSS's `description` is HTML, so the plain-text summary (else the opening of the body) is
 * escaped as HTML before the XML escapes it again: a `<b>` typed in a summary shows as text.
 */
const rssDescription = (report: StoredReport) => {
  const summary = report.summary.trim()
  const text = summary !== "" ? summary : markdownToText(report.body ?? "")
  return escapeHtml(xmlText(text.length > 300 ? `${text.slice(0, 299).trimEnd()}…` : text))
}

const categories = (report: StoredReport) => [
  ...report.tickers.map((ticker) => ({ kind: "ticker", term: ticker })),
  { kind: "sector", term: report.sector },
]

/** RFC 4287. Dates are RFC 3339 (`toISOString`); the content is the rendered HTML, escaped. */
export const atomDocument = (content: FeedContent): string =>
  builder.build({
    ...declaration,
    feed: {
      "@_xmlns": "http://www.w3.org/2005/Atom",
      id: feedUrn(content),
      title: feedTitle(content),
      subtitle: "Research you may read on Folio, newest first.",
      updated: content.updated.toISOString(),
      author: { name: "Folio" },
      generator: "Folio",
      link: [
        { "@_rel": "self", "@_type": "application/atom+xml", "@_href": atomUrl(content) },
        { "@_rel": "alternate", "@_type": "text/html", "@_href": `${content.origin}/reports` },
      ],
      entry: content.reports.map((report) => {
        const summary = report.summary.trim()
        return {
          id: `urn:uuid:${report.id}`,
          title: { "@_type": "text", "#text": xmlText(report.title) },
          link: { "@_rel": "alternate", "@_type": "text/html", "@_href": reportUrl(content, report) },
          published: (report.publishedAt ?? report.updatedAt).toISOString(),
          updated: entryUpdated(report).toISOString(),
          ...(report.authors.length > 0
            ? { author: report.authors.map((author) => ({ name: xmlText(author.name) })) }
            : {}),
          category: categories(report).map(({ kind, term }) => ({
            "@_term": xmlText(term),
            "@_scheme": `${content.origin}/${kind === "ticker" ? "tickers" : "sectors"}`,
          })),
          ...(summary === "" ? {} : { summary: { "@_type": "text", "#text": xmlText(summary) } }),
          content: { "@_type": "html", "#text": contentHtml(report) },
        }
      }),
    },
  })

/**
 * RSS 2.0, with `atom:link rel="self"` as the RSS Advisory Board recommends. Dates are RFC 822
 * (`toUTCString`: "Tue, 15 Nov 1994 08:12:31 GMT"). RSS's own `author` must be an email
 * address, so authors are named with Dublin Core's `dc:creator`, and the full HTML is in
 * `content:encoded` while `description` holds the summary.
 */
export const rssDocument = (content: FeedContent): string =>
  builder.build({
    ...declaration,
    rss: {
      "@_version": "2.0",
      "@_xmlns:atom": "http://www.w3.org/2005/Atom",
      "@_xmlns:dc": "http://purl.org/dc/elements/1.1/",
      "@_xmlns:content": "http://purl.org/rss/1.0/modules/content/",
      channel: {
        title: feedTitle(content),
        link: `${content.origin}/reports`,
        description: "Research you may read on Folio, newest first.",
        "atom:link": { "@_href": rssUrl(content), "@_rel": "self", "@_type": "application/rss+xml" },
        lastBuildDate: content.updated.toUTCString(),
        generator: "Folio",
        docs: "https://www.rssboard.org/rss-specification",
        item: content.reports.map((report) => ({
          title: xmlText(report.title),
          link: reportUrl(content, report),
          guid: { "@_isPermaLink": "false", "#text": `urn:uuid:${report.id}` },
          pubDate: (report.publishedAt ?? report.updatedAt).toUTCString(),
          ...(report.authors.length > 0
            ? { "dc:creator": report.authors.map((author) => xmlText(author.name)) }
            : {}),
          category: categories(report).map(({ kind, term }) => ({
            "@_domain": `${content.origin}/${kind === "ticker" ? "tickers" : "sectors"}`,
            "#text": xmlText(term),
          })),
          description: rssDescription(report),
          "content:encoded": contentHtml(report),
        })),
      },
    },
  })

/**
 * A reader's private feed. The token's owner is made into the same `Actor` a signed-in request
 * has (user, company, role), and the feed holds what `reportReachOf` lets that actor read now
 * (embargoes, teams, sectors, a suspended company), exactly as the console's report list does.
 */
export class ReportFeeds extends Effect.Service<ReportFeeds>()("@folio/server/ReportFeeds", {
  effect: Effect.gen(function* () {
    const tokens = yield* FeedTokens
    const users = yield* UsersRepo
    const reports = yield* ReportsRepo
    const sql = yield* SqlClient.SqlClient
    const origin = publicOriginOf(yield* AppConfig)

    /** Staff may read drafts in the console; a feed announces publications only. */
    const newestReadable = (actor: Actor) => {
      const grant = grantFor(actor.user.role, "reports.read")
      if (grant === "none") return Effect.succeed<ReadonlyArray<StoredReport>>([])
      return reportReachOf(actor, grant).pipe(
        Effect.provideService(SqlClient.SqlClient, sql),
        Effect.flatMap((reach) =>
          reports.list(
            { status: ["published"], sort: "-publishedAt", limit: feedSize },
            actor.user.id,
            reach,
            true,
          ),
        ),
        // Only a malformed page cursor fails a list, and a feed asks for none.
        Effect.orDie,
        Effect.map((page) => page.items),
      )
    }

    /** The feed behind a token; none for an unknown, malformed or revoked token or an inactive user. */
    const open = (token: string) =>
      Effect.gen(function* () {
        const owner = yield* tokens.owner(token)
        if (Option.isNone(owner)) return Option.none<FeedContent>()
        const found = yield* users.findById(owner.value)
        if (Option.isNone(found) || found.value.status !== "active") return Option.none<FeedContent>()
        const { passwordHash: _, company, ...profile } = found.value
        const actor: Actor = {
          user: profile,
          company,
          sessionId: Option.none(),
          csrfToken: null,
          via: "token",
          scopes: ["read"],
        }
        const readable = yield* newestReadable(actor)
        const newest = readable
          .map(entryUpdated)
          .reduce<Date | undefined>((a, b) => (a && a > b ? a : b), undefined)
        const updated = newest ?? (yield* tokens.status(actor.user.id)).createdAt ?? new Date(0)
        return Option.some<FeedContent>({
          origin,
          token,
          userId: actor.user.id,
          companyId: actor.company.id,
          userName: actor.user.name,
          updated,
          reports: readable,
        })
      })

    return { open } as const
  }),
  dependencies: [FeedTokens.Default, UsersRepo.Default, ReportsRepo.Default],
}) {}
