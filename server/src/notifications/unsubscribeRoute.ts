import { HttpApiBuilder, HttpRouter, HttpServerResponse } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import { Cause, Effect, Layer, Option } from "effect"
import { Audit } from "../audit/audit.js"
import { topicLabels, unsubscribeTopics } from "./preferences.js"
import { NotificationsRepo } from "./repo.js"
import { type Unsubscribe, UnsubscribeTokens } from "./unsubscribeTokens.js"

/**
 * The pages' headers: no script, no frame, forms only to this origin; never cached or indexed;
 * and no referrer, since the address holds the token.
 */
const pageHeaders = {
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
  "x-robots-tag": "noindex",
}

const escapeHtml = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;")

const page = (status: number, title: string, body: string) =>
  HttpServerResponse.text(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Folio</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1a1b1e;max-width:520px;margin:48px auto;padding:0 16px;line-height:1.5">
<h1 style="font-size:22px">${escapeHtml(title)}</h1>
${body}
</body></html>`,
    { status, contentType: "text/html; charset=utf-8", headers: pageHeaders },
  )

const profileLink = `<p><a href="/profile">Your notification preferences</a> (sign in to change them).</p>`

const notFound = page(
  404,
  "This unsubscribe link is not valid",
  `<p>The link may have been cut short or changed. Use the link in a recent Folio email, or change your notification preferences in Folio.</p>${profileLink}`,
)

const confirmPage = (token: string, unsubscribe: Unsubscribe) =>
  page(
    200,
    `Unsubscribe from ${topicLabels[unsubscribe.topic]}?`,
    `<p>Folio will stop sending ${escapeHtml(topicLabels[unsubscribe.topic])} to the address this link was sent to.</p>
<form method="post" action="/unsubscribe/${escapeHtml(encodeURIComponent(token))}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="background:#1c7ed6;color:#fff;border:0;padding:10px 18px;border-radius:6px;font-size:15px;cursor:pointer">Unsubscribe</button>
</form>
${profileLink}`,
  )

const donePage = (unsubscribe: Unsubscribe) =>
  page(
    200,
    `You will no longer get ${topicLabels[unsubscribe.topic]}`,
    `<p>You can turn them on again at any time.</p>${profileLink}`,
  )

/** A failure is logged without the request's address, which holds the token. */
const guarded = <E, R>(handler: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>) =>
  handler.pipe(
    Effect.catchAllCause((cause) =>
      Cause.isInterruptedOnly(cause)
        ? Effect.failCause(cause)
        : Effect.logError("Unexpected failure on an unsubscribe page", cause).pipe(
            Effect.as(page(500, "Something went wrong", "<p>Please try again in a moment.</p>")),
          ),
    ),
  )

/**
 * One-click unsubscribe (RFC 8058) at `/unsubscribe/<token>`, outside `/api`. A POST — from a
 * mail client's unsubscribe button or the page's own form, cross-site and without any cookie — is
 * authorised by the signed token alone, so no CSRF check applies; it turns that kind of email off
 * in the person's preferences. A GET only shows a page with the button: mail scanners follow
 * links, and following one must never unsubscribe anybody. A token that does not verify gets 404.
 */
export const UnsubscribeLive = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function* () {
    const tokens = yield* UnsubscribeTokens
    const sql = yield* SqlClient.SqlClient
    const repo = yield* NotificationsRepo
    const audit = yield* Audit

    const tokenOf = Effect.map(HttpRouter.params, (params) => params.token ?? "")

    const show = guarded(
      Effect.gen(function* () {
        const token = yield* tokenOf
        const found = yield* tokens.verify(token)
        return Option.match(found, { onNone: () => notFound, onSome: (u) => confirmPage(token, u) })
      }),
    )

    const unsubscribe = guarded(
      Effect.gen(function* () {
        const found = yield* tokens.verify(yield* tokenOf)
        if (Option.isNone(found)) return notFound
        const { userId, topic } = found.value
        const key = unsubscribeTopics[topic]
        const updated = yield* repo.turnOff(userId, key)
        if (Option.isNone(updated)) return notFound
        const user = updated.value
        yield* audit.record({
          action: "profile.unsubscribe",
          actor: user,
          target: { type: "user", id: user.id },
          after: { [key]: false, via: "unsubscribe link" },
        })
        return donePage(found.value)
      }).pipe(sql.withTransaction),
    )

    yield* router.get("/unsubscribe/:token", show)
    yield* router.head("/unsubscribe/:token", show)
    yield* router.post("/unsubscribe/:token", unsubscribe)
  }),
).pipe(Layer.provide([UnsubscribeTokens.Default, Audit.Default, NotificationsRepo.Default]))
