/**
 * `folio maintenance on | off | status`: the maintenance switch is two keys of the configuration
 * store (`maintenance.enabled`, `maintenance.message`), written with one PATCH; the status is the
 * anonymous GET /api/status, which answers during maintenance too.
 */
import { type ConfigOperation, ConfigPatch, type ConfigSnapshot, jsonEqual } from "@folio/core"
import { Effect } from "effect"
import { call, resolveTarget, signedInTarget } from "../api.js"
import type { CliError } from "../cliError.js"
import { checkValue, type Flags, guardedCall, readSnapshot } from "./config.js"
import { defined } from "./lookup.js"
import { decodeInput } from "./validate.js"

export interface MaintenanceStatus {
  readonly url: string
  readonly enabled: boolean
  readonly message: string
  readonly retryAfterSeconds: number
}

export interface MaintenanceSwitch extends MaintenanceStatus {
  /** False when it was already so: nothing was written. */
  readonly changed: boolean
  readonly version: number
  readonly digest: string
}

export const maintenanceStatus = (input: Flags): Effect.Effect<MaintenanceStatus, CliError> =>
  Effect.gen(function* () {
    // Anonymous: a reader's token (which maintenance would refuse) is not needed to ask.
    const target = yield* resolveTarget(input)
    const status = yield* call(target, (client) => client.site.status())
    return { url: target.url, ...status.maintenance }
  })

const storedValue = (snapshot: ConfigSnapshot, key: string): unknown =>
  snapshot.entries.find((entry) => entry.key === key)?.value

const statusOf = (url: string, snapshot: ConfigSnapshot, changed: boolean): MaintenanceSwitch => {
  const enabled = storedValue(snapshot, "maintenance.enabled")
  const message = storedValue(snapshot, "maintenance.message")
  const retryAfter = storedValue(snapshot, "maintenance.retryAfterSeconds")
  return {
    url,
    enabled: enabled === true,
    message: typeof message === "string" ? message : "",
    retryAfterSeconds: typeof retryAfter === "number" ? retryAfter : 0,
    changed,
    version: snapshot.version,
    digest: snapshot.digest,
  }
}

export const switchMaintenance = (
  input: Flags & {
    readonly enabled: boolean
    readonly message?: string | undefined
    readonly comment?: string | undefined
  },
): Effect.Effect<MaintenanceSwitch, CliError> =>
  Effect.gen(function* () {
    if (input.message !== undefined) yield* checkValue("maintenance.message", input.message, "--message")
    const target = yield* signedInTarget(input)
    const snapshot = yield* readSnapshot(target)
    const wanted: ReadonlyArray<readonly [string, unknown]> = [
      ["maintenance.enabled", input.enabled],
      ...(input.message === undefined ? [] : [["maintenance.message", input.message] as const]),
    ]
    const operations: Array<ConfigOperation> = wanted
      .filter(([key, value]) => !jsonEqual(storedValue(snapshot, key), value))
      .map(([key, value]) => ({ operation: "upsert", key, value }))
    if (operations.length === 0) return statusOf(target.url, snapshot, false)
    const payload = yield* decodeInput(
      ConfigPatch,
      { operations, ...defined({ comment: input.comment }) },
      { comment: "--comment", operations: "--message" },
    )
    // Guarded by the digest just read: the switch is made against the state it was decided on.
    const after = yield* guardedCall(target, { digest: snapshot.digest, source: "read" }, (client, headers) =>
      client.config.patch({ headers, payload }),
    )
    return statusOf(target.url, after, true)
  })
