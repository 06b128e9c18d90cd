import { createHmac, timingSafeEqual } from "node:crypto"
import { Effect, Option } from "effect"
import { signingKey } from "../db/signingKeys.js"
import { type UnsubscribeTopic, unsubscribeTopics } from "./preferences.js"

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const isTopic = (value: string): value is UnsubscribeTopic => Object.hasOwn(unsubscribeTopics, value)

/** What a valid token names: whose emails, and which ones. */
export interface Unsubscribe {
  readonly userId: string
  readonly topic: UnsubscribeTopic
}

/**
 * The tokens of one-click unsubscribe links (RFC 8058): `<topic>.<user id>.<signature>`, the
 * signature an HMAC-SHA256 of the topic and the user id under a key of the server's own
 * (`signing_keys`, made at random by migration 0015). The token is the only authority an
 * unsubscribe request has: no cookie, no session. It does not expire, so a month-old email's link
 * still works; it can only ever turn that one kind of email off for that one person.
 */
export class UnsubscribeTokens extends Effect.Service<UnsubscribeTokens>()(
  "@folio/server/UnsubscribeTokens",
  {
    effect: Effect.gen(function* () {
      const key = yield* signingKey("unsubscribe")
      const signatureOf = (secret: Buffer, topic: UnsubscribeTopic, userId: string) =>
        createHmac("sha256", secret).update(`folio-unsubscribe:v1:${topic}:${userId}`, "utf8").digest()

      const sign = (topic: UnsubscribeTopic, userId: string) =>
        Effect.map(
          key,
          (secret) => `${topic}.${userId}.${signatureOf(secret, topic, userId).toString("base64url")}`,
        )

      /** The user and topic a token names, or none when it is malformed or its signature is wrong. */
      const verify = (token: string) =>
        Effect.map(key, (secret): Option.Option<Unsubscribe> => {
          if (token.length > 200) return Option.none()
          const [topic, userId, signature, ...rest] = token.split(".")
          if (rest.length > 0 || !topic || !userId || !signature) return Option.none()
          if (!isTopic(topic) || !uuid.test(userId) || !/^[A-Za-z0-9_-]{43}$/.test(signature))
            return Option.none()
          // Compared as text: base64url decoding ignores the last character's spare bits, so
          // comparing bytes would accept more than one spelling of a signature.
          const expected = Buffer.from(signatureOf(secret, topic, userId).toString("base64url"))
          const given = Buffer.from(signature)
          return given.length === expected.length && timingSafeEqual(given, expected)
            ? Option.some({ userId, topic })
            : Option.none()
        })

      return { sign, verify } as const
    }),
  },
) {}
