import { Schema } from "effect"
import { singleLineText } from "../schema/text.js"

/**
 * The keys of the configuration store that Folio itself reads, each with its schema, default and
 * meaning, defined once: the server validates writes with them and writes version 1 of the store
 * from their defaults, the console builds its typed editors from them, the CLI names them in its
 * help. Keys not listed here are free keys (any JSON) whose names match `freeKeyPattern`.
 */

/** A free key: lower case letters, digits, dots, underscores and dashes, up to 120 characters. */
export const freeKeyPattern = /^[a-z0-9][a-z0-9._-]{0,119}$/

/** Free keys under this prefix are secrets, like the known keys marked `secret`. */
export const secretKeyPrefix = "secret."

const Message = (what: string, max: number) =>
  Schema.String.pipe(
    Schema.maxLength(max, { message: () => `${what} is at most ${max} characters` }),
    singleLineText(what),
  )

const Int = (what: string, min: number, max: number) =>
  Schema.Number.pipe(
    Schema.int({ message: () => `${what} is a whole number` }),
    Schema.between(min, max, { message: () => `${what} is between ${min} and ${max}` }),
  )

export type ConfigKeyKind = "boolean" | "integer" | "text" | "secret"

export interface KnownConfigKey {
  readonly key: string
  readonly kind: ConfigKeyKind
  /** Decodes a value to what the server uses; its messages name what is wrong. */
  readonly schema: Schema.Schema<unknown, unknown>
  /** Version 1 holds this; `unset` puts it back. Undefined for a secret (unset until set). */
  readonly default: unknown
  /** For integer keys: the bounds, which the console's number field shows. */
  readonly min?: number
  readonly max?: number
}

const known = <A, I>(
  key: string,
  kind: ConfigKeyKind,
  schema: Schema.Schema<A, I>,
  defaultValue: A | undefined,
  bounds: { min?: number; max?: number } = {},
): KnownConfigKey => ({
  key,
  kind,
  schema: schema as unknown as Schema.Schema<unknown, unknown>,
  default: defaultValue,
  ...bounds,
})

const Bool = Schema.Boolean.annotations({ message: () => "Expected true or false" })

export const knownConfigKeys: ReadonlyArray<KnownConfigKey> = [
  known("maintenance.enabled", "boolean", Bool, false),
  known(
    "maintenance.message",
    "text",
    Message("The maintenance message", 500),
    "Folio is being updated. Please try again in a few minutes.",
  ),
  known("maintenance.retryAfterSeconds", "integer", Int("Retry-After", 1, 86_400), 300, {
    min: 1,
    max: 86_400,
  }),
  known("banner.message", "text", Message("The banner", 280), ""),
  known("auth.password.enabled", "boolean", Bool, true),
  known("auth.magicLink.enabled", "boolean", Bool, true),
  known("auth.magicLink.ttlMinutes", "integer", Int("A sign-in link's lifetime", 5, 1_440), 15, {
    min: 5,
    max: 1_440,
  }),
  known("limits.signIn.perAccountPerMinute", "integer", Int("The limit", 1, 1_000), 5, {
    min: 1,
    max: 1_000,
  }),
  known("limits.signIn.perAddressPerMinute", "integer", Int("The limit", 1, 10_000), 30, {
    min: 1,
    max: 10_000,
  }),
  known("limits.email.perAccountPer15Minutes", "integer", Int("The limit", 1, 1_000), 3, {
    min: 1,
    max: 1_000,
  }),
  known("limits.email.perAddressPer15Minutes", "integer", Int("The limit", 1, 10_000), 20, {
    min: 1,
    max: 10_000,
  }),
  known("errorReports.retentionDays", "integer", Int("The retention", 1, 365), 30, { min: 1, max: 365 }),
  known("readership.retentionDays", "integer", Int("The retention", 30, 3650), 400, { min: 30, max: 3650 }),
  known(
    "ai.openai.baseUrl",
    "text",
    Schema.String.pipe(
      Schema.maxLength(500, { message: () => "The base URL is at most 500 characters" }),
      Schema.filter((text) => text === "" || /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(text), {
        message: () =>
          "The base URL is empty (no provider) or an http:// or https:// URL such as https://api.openai.com/v1",
      }),
    ),
    "",
  ),
  known("ai.openai.model", "text", Message("The model", 200), ""),
  known(
    "ai.openai.api",
    "text",
    Schema.Literal("chat", "responses").annotations({
      message: () => "The API is chat (Chat Completions, which most servers speak) or responses",
    }),
    "chat",
  ),
  known("ai.openai.timeoutSeconds", "integer", Int("The timeout", 5, 600), 120, { min: 5, max: 600 }),
  known(
    "ai.openai.apiKey",
    "secret",
    Schema.String.pipe(
      Schema.minLength(1, { message: () => "An API key is not empty" }),
      Schema.maxLength(500, { message: () => "An API key is at most 500 characters" }),
      singleLineText("An API key"),
    ),
    undefined,
  ),
]

const byKey = new Map(knownConfigKeys.map((entry) => [entry.key, entry]))

export const knownConfigKey = (key: string): KnownConfigKey | undefined => byKey.get(key)

export const isSecretConfigKey = (key: string): boolean =>
  byKey.get(key)?.kind === "secret" || key.startsWith(secretKeyPrefix)

export const configKeyRule =
  "A key is a known key or 1–120 lower case letters, digits, dots, underscores and dashes, starting with a letter or digit"

/** Why a key cannot be written, or undefined when it can. */
export const configKeyProblem = (key: string): string | undefined =>
  byKey.has(key) || freeKeyPattern.test(key) ? undefined : configKeyRule

/** Every known key with its default: what version 1 of the store holds (secrets stay unset). */
export const defaultConfigValues = (): Record<string, unknown> =>
  Object.fromEntries(
    knownConfigKeys.filter((entry) => entry.kind !== "secret").map((entry) => [entry.key, entry.default]),
  )
