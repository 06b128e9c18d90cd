import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto"
import { join, resolve } from "node:path"
import { Effect, Either, Option, Redacted } from "effect"
import { AppConfig, parseSecretKey } from "../config.js"
import { DatabaseInfo } from "../db/database.js"
import { readSecret, writeSecret } from "../db/embedded.js"
import type { SealedSecret } from "./model.js"

/** Beside the embedded cluster, readable by this user only, like its password. */
export const secretKeyFileOf = (dataDir: string) => join(resolve(dataDir), "config-secret-key")

export const secretKeyMissingMessage =
  "Secrets cannot be stored: set FOLIO_SECRET_KEY (32 bytes as base64 or hex, e.g. `openssl rand -base64 32`) on every server instance."

/** A short id of a key, stored with each secret, so a secret sealed with another key says so. */
const keyIdOf = (key: Uint8Array) => createHash("sha256").update(key).digest("hex").slice(0, 8)

/** The embedded database's key: made once per data folder and kept beside it (mode 0600). */
const dataFolderKey = (dataDir: string) =>
  Effect.tryPromise({
    try: async () => {
      const file = secretKeyFileOf(dataDir)
      const stored = await readSecret(file)
      if (stored === undefined) {
        const made = randomBytes(32)
        await writeSecret(file, made.toString("base64"))
        return Uint8Array.from(made)
      }
      const key = parseSecretKey(stored)
      if (!key) throw new Error(`${file} does not hold a 32-byte key (base64 or hex)`)
      return key
    },
    catch: (cause) => (cause instanceof Error ? cause : new Error(String(cause))),
  })

/**
 * Encrypts and decrypts the store's secrets. The key comes from `FOLIO_SECRET_KEY`; without it
 * the embedded database gets one of its own, and an external database gets none: every instance
 * of a deployment must share the key, which a file on one machine cannot promise.
 */
export class SecretBox extends Effect.Service<SecretBox>()("@folio/server/SecretBox", {
  effect: Effect.gen(function* () {
    const config = yield* AppConfig
    const { embedded } = yield* DatabaseInfo
    const key: Option.Option<Uint8Array> = Option.isSome(config.secretKey)
      ? Option.some(Redacted.value(config.secretKey.value))
      : embedded
        ? Option.some(yield* dataFolderKey(config.dataDir).pipe(Effect.orDie))
        : Option.none()
    const kid = Option.map(key, keyIdOf)

    /** The value, as JSON, sealed for `name` (the key name is bound in, so it cannot move). */
    const seal = (name: string, value: unknown): Either.Either<SealedSecret, string> => {
      if (Option.isNone(key) || Option.isNone(kid)) return Either.left(secretKeyMissingMessage)
      const iv = randomBytes(12)
      const cipher = createCipheriv("aes-256-gcm", key.value, iv)
      cipher.setAAD(Buffer.from(name, "utf8"))
      const data = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()])
      return Either.right({
        kid: kid.value,
        iv: iv.toString("base64"),
        tag: cipher.getAuthTag().toString("base64"),
        data: data.toString("base64"),
      })
    }

    /** The value sealed for `name`, or why it cannot be read. */
    const open = (name: string, sealed: SealedSecret): Either.Either<unknown, string> => {
      if (Option.isNone(key) || Option.isNone(kid)) return Either.left(secretKeyMissingMessage)
      if (sealed.kid !== kid.value) {
        return Either.left(`${name} was encrypted with another FOLIO_SECRET_KEY (key id ${sealed.kid})`)
      }
      try {
        const decipher = createDecipheriv("aes-256-gcm", key.value, Buffer.from(sealed.iv, "base64"))
        decipher.setAAD(Buffer.from(name, "utf8"))
        decipher.setAuthTag(Buffer.from(sealed.tag, "base64"))
        const text = Buffer.concat([
          decipher.update(Buffer.from(sealed.data, "base64")),
          decipher.final(),
        ]).toString("utf8")
        const value: unknown = JSON.parse(text)
        return Either.right(value)
      } catch {
        return Either.left(`${name} cannot be decrypted: it was changed outside Folio`)
      }
    }

    return { available: Option.isSome(key), seal, open } as const
  }),
}) {}
