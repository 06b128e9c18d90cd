/**
 * `folio config get | set | unset | list`: the configuration store, one key at a time. The
 * desired-state file (`diff`, `apply`) is in configApply.ts, `history` and `rollback` in
 * configHistory.ts, the maintenance switch in configMaintenance.ts. Every write may be guarded
 * by `--if-digest` (the server's `If-Match`), whose failure is exit 4 with nothing changed.
 */
import {
  type ConfigChange,
  type ConfigEntry,
  ConfigPatch,
  type ConfigSnapshot,
  configFieldText,
  configKeyProblem,
  decodeConfigValue,
  isSecretConfigKey,
  knownConfigKeys,
  operationsOfPlan,
  PreconditionFailed,
} from "@folio/core"
import { Effect, Either, Schema } from "effect"
import { call, type FolioClient, send, signedInTarget, type Target } from "../api.js"
import { CliError } from "../cliError.js"
import { type ClientFailure, describeFailure } from "../failures.js"
import { defined } from "./lookup.js"
import { decodeInput } from "./validate.js"

export interface Flags {
  readonly url?: string | undefined
}

/** Exit code of a write whose `--if-digest` (or plan's digest) is no longer the store's. */
export const staleDigestExitCode = 4

/** `--comment`, checked as the server checks it. */
export const CommentFlag = Schema.Struct({ comment: ConfigPatch.fields.comment })

const usage = (message: string, hint?: string): CliError =>
  new CliError({ code: "UsageError", message, hint, exitCode: 2 })

/** A key typed on the command line, refused before any request when it cannot be one. */
export const checkKey = (key: string): Effect.Effect<string, CliError> => {
  const meant = knownConfigKeys.find(
    (entry) => entry.key !== key && entry.key.toLowerCase() === key.toLowerCase(),
  )
  if (meant !== undefined)
    return Effect.fail(usage(`<key>: ${key} is not a known key; did you mean ${meant.key}?`))
  const problem = configKeyProblem(key)
  return problem === undefined
    ? Effect.succeed(key)
    : Effect.fail(
        usage(`<key>: ${JSON.stringify(key)}: ${problem}.`, "Run `folio config list` for the keys."),
      )
}

/** What a stale digest tells the user: what they gave, what the store is at, that nothing changed. */
export type DigestSource = "--if-digest" | "plan" | "read"

export const staleDigest = (given: string, current: string, source: DigestSource): CliError =>
  new CliError({
    code: "PreconditionFailed",
    message:
      source === "--if-digest"
        ? `The configuration is no longer at --if-digest ${given}: it is at ${current}. Nothing was changed.`
        : `The configuration changed ${source === "plan" ? "after the plan was made" : "while this command ran"} (from ${given} to ${current}). Nothing was changed.`,
    hint:
      source === "--if-digest"
        ? "Someone changed it since that digest was read: see `folio config history`, and read the digest again with `folio config list`."
        : "Run the command again.",
    exitCode: staleDigestExitCode,
  })

/**
 * A write guarded by `If-Match: digest`: a 412 becomes `staleDigest` (exit 4), every other
 * failure is described as usual.
 */
export const guardedCall = <A, E extends ClientFailure>(
  target: Target,
  ifMatch: { readonly digest: string; readonly source: DigestSource } | undefined,
  request: (client: FolioClient, headers: { readonly "if-match"?: string }) => Effect.Effect<A, E>,
): Effect.Effect<A, CliError> =>
  send(target, (client) => request(client, ifMatch === undefined ? {} : { "if-match": ifMatch.digest })).pipe(
    Effect.mapError((error) =>
      error instanceof PreconditionFailed && ifMatch !== undefined
        ? staleDigest(ifMatch.digest, error.digest, ifMatch.source)
        : describeFailure(target)(error),
    ),
  )

export const readSnapshot = (target: Target): Effect.Effect<ConfigSnapshot, CliError> =>
  call(target, (client) => client.config.snapshot())

/** `--if-digest` checked against a snapshot already read: stale is exit 4 before any write. */
export const checkDigest = (
  snapshot: ConfigSnapshot,
  ifDigest: string | undefined,
): Effect.Effect<void, CliError> =>
  ifDigest === undefined || ifDigest === snapshot.digest
    ? Effect.void
    : Effect.fail(staleDigest(ifDigest, snapshot.digest, "--if-digest"))

const entryOf = (snapshot: ConfigSnapshot, key: string): ConfigEntry | undefined =>
  snapshot.entries.find((entry) => entry.key === key)

export interface ConfigList {
  readonly url: string
  readonly version: number
  readonly digest: string
  readonly createdAt: Date
  readonly entries: ReadonlyArray<ConfigEntry>
}

export const listConfig = (input: Flags): Effect.Effect<ConfigList, CliError> =>
  Effect.gen(function* () {
    const target = yield* signedInTarget(input)
    const snapshot = yield* readSnapshot(target)
    const entries = [...snapshot.entries].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    return {
      url: target.url,
      version: snapshot.version,
      digest: snapshot.digest,
      createdAt: snapshot.createdAt,
      entries,
    }
  })

export interface ConfigGet {
  readonly url: string
  readonly version: number
  readonly digest: string
  readonly entry: ConfigEntry
}

export const getConfig = (input: Flags & { readonly key: string }): Effect.Effect<ConfigGet, CliError> =>
  Effect.gen(function* () {
    const key = yield* checkKey(input.key)
    const target = yield* signedInTarget(input)
    const snapshot = yield* readSnapshot(target)
    const entry = entryOf(snapshot, key)
    if (entry === undefined)
      return yield* Effect.fail(
        new CliError({
          code: "NotFound",
          message: `${key} is not set (version ${snapshot.version}).`,
          hint: "`folio config list` shows every key; `folio config set` creates a free key.",
        }),
      )
    return { url: target.url, version: snapshot.version, digest: snapshot.digest, entry }
  })

/** One key's write: the plan's change (no value for a secret), or null when there was nothing to do. */
export interface ConfigWrite {
  readonly url: string
  readonly key: string
  readonly secret: boolean
  readonly action: "set" | "unset"
  readonly change: ConfigChange | null
  /** For `set` of a key that is not secret: the value asked for. */
  readonly value?: unknown
  /** The store's version and digest after the command. */
  readonly version: number
  readonly digest: string
}

/** The value of `set`: JSON from the argument. */
export const parseValueArgument = (text: string): Effect.Effect<unknown, CliError> =>
  Effect.try({
    try: (): unknown => JSON.parse(text),
    catch: () => {
      const word = /^[^\s"'{}[\],:]+$/.test(text.trim())
      return usage(
        `<json>: ${JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text)} is not JSON.`,
        word
          ? `A string is JSON in double quotes, inside the shell's quotes: folio config set KEY '"${text.trim()}"'.`
          : "Write a JSON value: true, 300, '\"text\"' (in the shell's quotes too), '[1, 2]' or '{\"a\": 1}'.",
      )
    },
  })

/** A value its key's schema refuses, named by the key and the path below it (or by `flag`). */
export const checkValue = (key: string, value: unknown, flag?: string): Effect.Effect<unknown, CliError> => {
  const decoded = decodeConfigValue(key, value)
  return Either.isRight(decoded)
    ? Effect.succeed(value)
    : Effect.fail(
        new CliError({
          code: "ValidationError",
          message: `${flag ?? configFieldText(key, decoded.left.path)}: ${decoded.left.message.replace(/[^.!?]$/, "$&.")}`,
        }),
      )
}

/**
 * One key brought to `value` (null: unset) the way `apply` does it: the server plans it (so a
 * secret is compared too, and asking again for what is there writes nothing), then one PATCH
 * guarded by the plan's digest, or `--if-digest`.
 */
const writeKey = (
  input: Flags & {
    readonly key: string
    readonly value: unknown
    readonly comment?: string | undefined
    readonly ifDigest?: string | undefined
  },
  action: ConfigWrite["action"],
): Effect.Effect<ConfigWrite, CliError> =>
  Effect.gen(function* () {
    const key = yield* checkKey(input.key)
    const value = input.value === null ? null : yield* checkValue(key, input.value)
    const { comment } = yield* decodeInput(CommentFlag, defined({ comment: input.comment }), {
      comment: "--comment",
    })
    const target = yield* signedInTarget(input)
    const desired = { [key]: value }
    const plan = yield* call(target, (client) => client.config.plan({ payload: { entries: desired } }))
    if (input.ifDigest !== undefined && input.ifDigest !== plan.digest)
      return yield* Effect.fail(staleDigest(input.ifDigest, plan.digest, "--if-digest"))
    const secret = isSecretConfigKey(key)
    const result = (change: ConfigChange | null, version: number, digest: string): ConfigWrite => ({
      url: target.url,
      key,
      secret,
      action,
      change,
      ...(secret || value === null ? {} : { value }),
      version,
      digest,
    })
    const change = plan.changes.find((item) => item.key === key)
    if (change === undefined) return result(null, plan.version, plan.digest)
    const after = yield* guardedCall(
      target,
      input.ifDigest === undefined
        ? { digest: plan.digest, source: "read" }
        : { digest: input.ifDigest, source: "--if-digest" },
      (client, headers) =>
        client.config.patch({
          headers,
          payload: { operations: operationsOfPlan([change], desired), ...defined({ comment }) },
        }),
    )
    return result(change, after.version, after.digest)
  })

export const setConfig = (
  input: Flags & {
    readonly key: string
    readonly value: unknown
    readonly comment?: string | undefined
    readonly ifDigest?: string | undefined
  },
): Effect.Effect<ConfigWrite, CliError> =>
  input.value === null
    ? Effect.fail(
        usage(
          "<json>: null is not a value to set.",
          `To delete the key, or put a known key back to its default: folio config unset ${input.key}.`,
        ),
      )
    : writeKey(input, "set")

export const unsetConfig = (
  input: Flags & {
    readonly key: string
    readonly comment?: string | undefined
    readonly ifDigest?: string | undefined
  },
): Effect.Effect<ConfigWrite, CliError> => writeKey({ ...input, value: null }, "unset")
