/** `folio config history | rollback`: the versions of the store, and going back to one. */
import { ConfigRollback, type ConfigSnapshot, type ConfigVersion } from "@folio/core"
import { Effect } from "effect"
import { call, signedInTarget } from "../api.js"
import type { CliError } from "../cliError.js"
import { checkDigest, checkKey, type Flags, guardedCall, readSnapshot } from "./config.js"
import { collectPages, defined, type PageOf, type Paging } from "./lookup.js"
import { decodeInput } from "./validate.js"

export interface ConfigHistory extends PageOf<ConfigVersion> {
  readonly url: string
  readonly key: string | null
}

export const configHistory = (
  input: Flags & Paging & { readonly key?: string | undefined },
): Effect.Effect<ConfigHistory, CliError> =>
  Effect.gen(function* () {
    const key = input.key === undefined ? undefined : yield* checkKey(input.key)
    const target = yield* signedInTarget(input)
    const page = yield* collectPages(input, ({ limit, cursor }) =>
      call(target, (client) => client.config.history({ urlParams: defined({ key, cursor, limit }) })),
    )
    return { url: target.url, key: key ?? null, ...page }
  })

export interface ConfigRollbackResult {
  readonly url: string
  /** The version rolled back to. */
  readonly to: number
  /** The version the store was at before. */
  readonly from: number
  /** The new version the rollback made, with its changes; null when nothing changed. */
  readonly version: ConfigVersion | null
  readonly snapshot: ConfigSnapshot
}

export const rollbackConfig = (
  input: Flags & {
    readonly version: number
    readonly comment?: string | undefined
    readonly ifDigest?: string | undefined
  },
): Effect.Effect<ConfigRollbackResult, CliError> =>
  Effect.gen(function* () {
    const payload = yield* decodeInput(
      ConfigRollback,
      { version: input.version, ...defined({ comment: input.comment }) },
      { version: "<version>", comment: "--comment" },
    )
    const target = yield* signedInTarget(input)
    const before = yield* readSnapshot(target)
    yield* checkDigest(before, input.ifDigest)
    // Guarded by the digest just read, so `from` is the version this rollback replaced.
    const snapshot = yield* guardedCall(
      target,
      {
        digest: input.ifDigest ?? before.digest,
        source: input.ifDigest === undefined ? "read" : "--if-digest",
      },
      (client, headers) => client.config.rollback({ headers, payload }),
    )
    // The store already held what that version held: the server wrote no version.
    if (snapshot.version === before.version)
      return { url: target.url, to: input.version, from: before.version, version: null, snapshot }
    const latest = yield* call(target, (client) => client.config.history({ urlParams: { limit: 5 } }))
    return {
      url: target.url,
      to: input.version,
      from: before.version,
      version: latest.items.find((item) => item.version === snapshot.version) ?? null,
      snapshot,
    }
  })
