import { SqlError } from "@effect/sql/SqlError"
import { Effect, Either, Option, ParseResult, Redacted } from "effect"
import {
  type ConfigMissingState,
  configMissingError,
  diagnose,
  emptyStore,
  notLoadedYet,
  unreadableVersion,
} from "./missing.js"
import type { StoredEntry, VersionWithValues } from "./model.js"
import { ConfigRepo } from "./repo.js"
import { SecretBox } from "./secrets.js"
import { type ConfigSettings, defaultSettings, settingsOf, siteStatusOf } from "./settings.js"
import { effectiveEntries } from "./view.js"

/** A version of the store as an instance holds it in memory. */
export interface ConfigSnapshotState {
  readonly version: number
  readonly digest: string
  readonly createdAt: Date
  readonly row: VersionWithValues
  /** Every key, known keys' defaults included. */
  readonly entries: ReadonlyMap<string, StoredEntry>
  readonly settings: ConfigSettings
}

export type ConfigState =
  | { readonly status: "ready"; readonly snapshot: ConfigSnapshotState }
  | ConfigMissingState

const snapshotOf = (row: VersionWithValues): ConfigSnapshotState => {
  const entries = effectiveEntries(row.values)
  return {
    version: row.version,
    digest: row.digest,
    createdAt: row.createdAt,
    row,
    entries,
    settings: settingsOf(entries),
  }
}

/** How long a load may take before the database counts as unreachable. */
const loadTimeout = "5 seconds"

/**
 * The configuration store of this instance: the current version, held in memory, so reading a
 * setting on the request path never queries the database. It loads at start and again when told
 * (a notification, the safety poll, a reconnect: see listener.ts); a load that fails leaves the
 * instance in the missing state, with the reason and the fix, until a later load succeeds.
 */
export class ConfigStore extends Effect.Service<ConfigStore>()("@folio/server/ConfigStore", {
  effect: Effect.gen(function* () {
    const repo = yield* ConfigRepo
    const box = yield* SecretBox
    let state: ConfigState = notLoadedYet
    // Loads and adoptions one at a time, so an older read never lands after a newer one.
    const serial = yield* Effect.makeSemaphore(1)

    const load: Effect.Effect<ConfigState> = repo.latest.pipe(
      Effect.timeoutFail({
        duration: loadTimeout,
        onTimeout: () =>
          new SqlError({ cause: new Error(`no answer within ${loadTimeout}`), message: "timeout" }),
      }),
      Effect.map(
        Option.match({
          onNone: (): ConfigState => emptyStore,
          onSome: (row): ConfigState => ({ status: "ready", snapshot: snapshotOf(row) }),
        }),
      ),
      Effect.catchTags({
        SqlError: (error) => diagnose(error).pipe(Effect.provideService(ConfigRepo, repo)),
        ParseError: (error) => Effect.succeed(unreadableVersion(error)),
      }),
    )

    const become = (next: ConfigState) =>
      Effect.gen(function* () {
        const before = state
        state = next
        if (next.status === "missing") {
          if (before.status !== "missing" || before.reason !== next.reason) {
            yield* Effect.logError("Configuration missing").pipe(
              Effect.annotateLogs({ reason: next.reason, fix: next.fix }),
            )
          }
          return
        }
        if (before === notLoadedYet) {
          yield* Effect.logDebug("Configuration loaded").pipe(
            Effect.annotateLogs({ version: next.snapshot.version, digest: next.snapshot.digest }),
          )
        } else if (before.status === "missing") {
          yield* Effect.logInfo("Configuration loaded again").pipe(
            Effect.annotateLogs({ version: next.snapshot.version, digest: next.snapshot.digest }),
          )
        } else if (before.snapshot.version !== next.snapshot.version) {
          yield* Effect.logDebug("Configuration changed").pipe(
            Effect.annotateLogs({ version: next.snapshot.version, digest: next.snapshot.digest }),
          )
        }
      })

    /** Loads the newest version (or finds out why it cannot) and makes it current. */
    const reload: Effect.Effect<ConfigState> = serial.withPermits(1)(
      load.pipe(
        Effect.tap(become),
        Effect.map(() => state),
      ),
    )

    /**
     * A notification said version `payload` was committed: load unless this instance has it
     * already. Any other payload (`NOTIFY folio_config, 'reload'`) always loads.
     */
    const notified = (payload: string) =>
      Effect.suspend(() => {
        const version = /^\d{1,10}$/.test(payload) ? Number(payload) : undefined
        const held = state
        return version !== undefined && held.status === "ready" && held.snapshot.version >= version
          ? Effect.void
          : Effect.asVoid(reload)
      })

    /** A version this instance just wrote: current at once, unless a newer one already is. */
    const adopt = (row: VersionWithValues) =>
      serial.withPermits(1)(
        Effect.suspend(() =>
          state.status === "ready" && state.snapshot.version >= row.version
            ? Effect.void
            : become({ status: "ready", snapshot: snapshotOf(row) }),
        ),
      )

    /** The state right now: a property read, for the request path. */
    const current = (): ConfigState => state

    /** The known settings: the current version's, or every default while the store is missing. */
    const settings = (): ConfigSettings =>
      state.status === "ready" ? state.snapshot.settings : defaultSettings

    const siteStatus = () => siteStatusOf(settings())

    /** A secret's value, decrypted in memory; none when it is unset or cannot be read. */
    const secret = (key: string): Option.Option<Redacted.Redacted<unknown>> => {
      if (state.status !== "ready") return Option.none()
      const sealed = state.snapshot.entries.get(key)?.sealed
      if (!sealed) return Option.none()
      return Either.match(box.open(key, sealed), {
        onLeft: () => Option.none(),
        onRight: (value) => Option.some(Redacted.make(value)),
      })
    }

    /**
     * A query of the table that failed: the store's own diagnosis as the 503 (the table went
     * away, say), or a defect when the store still loads.
     */
    const orMissing = <A, E, R>(effect: Effect.Effect<A, E | SqlError | ParseResult.ParseError, R>) =>
      effect.pipe(
        Effect.catchIf(
          (error): error is SqlError | ParseResult.ParseError =>
            error instanceof SqlError || ParseResult.isParseError(error),
          (error) =>
            Effect.flatMap(reload, (next) =>
              next.status === "missing" ? Effect.fail(configMissingError(next)) : Effect.die(error),
            ),
        ),
      )

    yield* reload
    return { current, settings, siteStatus, secret, reload, notified, adopt, orMissing } as const
  }),
  dependencies: [ConfigRepo.Default, SecretBox.Default],
}) {}
