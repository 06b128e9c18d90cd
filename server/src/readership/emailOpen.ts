import { createHmac, timingSafeEqual } from "node:crypto"
import { HttpApiBuilder, HttpRouter, HttpServerResponse } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import { Cause, Effect, Layer, Option } from "effect"
import { signingKey } from "../db/signingKeys.js"
import { recordServerEvent } from "./record.js"
import { activeUserCompany } from "./repo.js"

/**
 * Email opens, where the channel can tell: a report email carries a 1×1 image whose address
 * names the recipient and the report, signed with a key of the server's own (`signing_keys`,
 * purpose `email_open`). Fetching it records one `email_open`. Mail clients that block images
 * never tell, and some fetch every image on receipt (Apple Mail Privacy Protection): the figure
 * is a floor on some clients and inflated on others — docs/readership.md says so.
 */
export class EmailOpenTokens extends Effect.Service<EmailOpenTokens>()("@folio/server/EmailOpenTokens", {
  effect: Effect.gen(function* () {
    const key = yield* signingKey("email_open")
    const signatureOf = (secret: Buffer, userId: string, reportId: string) =>
      createHmac("sha256", secret)
        .update(`folio-email-open:v1:${userId}:${reportId}`, "utf8")
        .digest("base64url")

    /** `<user id>/<report id>/<signature>`: path segments (the router ends a parameter at a dot). */
    const sign = (userId: string, reportId: string) =>
      Effect.map(key, (secret) => `${userId}/${reportId}/${signatureOf(secret, userId, reportId)}`)

    const verify = (userId: string, reportId: string, signature: string) =>
      Effect.map(key, (secret): Option.Option<{ userId: string; reportId: string }> => {
        if (!uuid.test(userId) || !uuid.test(reportId) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) {
          return Option.none()
        }
        const expected = Buffer.from(signatureOf(secret, userId, reportId))
        const given = Buffer.from(signature)
        return given.length === expected.length && timingSafeEqual(given, expected)
          ? Option.some({ userId, reportId })
          : Option.none()
      })

    return { sign, verify } as const
  }),
}) {}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The address of a report email's open image. */
export const emailOpenPath = (token: string) => `/email/open/${token}`

/** A transparent 1×1 GIF. */
const pixel = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64")
const pixelResponse = HttpServerResponse.uint8Array(pixel, {
  contentType: "image/gif",
  headers: { "cache-control": "no-store, private", "referrer-policy": "no-referrer" },
})

/**
 * `GET /email/open/<user id>/<report id>/<signature>`: the same image whatever the token, so an address reveals
 * nothing; a valid one records the open for its recipient, in their company, about its report.
 */
export const EmailOpenLive = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function* () {
    const tokens = yield* EmailOpenTokens
    const sql = yield* SqlClient.SqlClient
    const open = Effect.gen(function* () {
      const { user, report, signature } = yield* HttpRouter.params
      const found = yield* tokens.verify(user ?? "", report ?? "", signature ?? "")
      if (Option.isSome(found)) {
        const companyId = yield* activeUserCompany(sql, found.value.userId)
        if (Option.isSome(companyId)) {
          yield* recordServerEvent({
            userId: found.value.userId,
            companyId: companyId.value,
            kind: "email_open",
            channel: "email",
            reportId: found.value.reportId,
          })
        }
      }
      return pixelResponse
    }).pipe(
      Effect.provideService(SqlClient.SqlClient, sql),
      // The address holds the token, and a failing request's URL is logged: log without it.
      Effect.catchAllCause((cause) =>
        Cause.isInterruptedOnly(cause)
          ? Effect.failCause(cause)
          : Effect.logError("Could not record an email open", cause).pipe(Effect.as(pixelResponse)),
      ),
    )
    yield* router.get("/email/open/:user/:report/:signature", open)
  }),
).pipe(Layer.provide(EmailOpenTokens.Default))
