import { Deferred, Duration, Effect, Exit, Layer, Queue, Schedule } from "effect"
import type pg from "pg"
import { AppConfig } from "../config.js"
import { PgPool } from "../db/database.js"
import { configChannel } from "./repo.js"
import { ConfigStore } from "./store.js"

/** Reconnecting after a dropped connection: 200 ms, doubling, at most every 10 s. */
const reconnect = Schedule.exponential("200 millis").pipe(Schedule.union(Schedule.spaced("10 seconds")))

/** While the store is missing, how often an instance tries to load it again. */
const missingRetry = Duration.seconds(2)

/** A pooled connection that LISTENs, and a signal for when it breaks. */
const listening = (pool: pg.Pool, onPayload: (payload: string) => void) =>
  Effect.gen(function* () {
    const dropped = yield* Deferred.make<void>()
    const client = yield* Effect.acquireRelease(
      Effect.tryPromise(() => pool.connect()).pipe(Effect.timeout("5 seconds")),
      // Never back to the pool: it still LISTENs (or is broken).
      (client) => Effect.sync(() => client.release(true)),
    )
    const drop = () => Deferred.unsafeDone(dropped, Exit.void)
    client.on("error", drop)
    client.on("end", drop)
    client.on("notification", (message) => {
      if (message.channel === configChannel) onPayload(message.payload ?? "")
    })
    yield* Effect.tryPromise(() => client.query(`listen ${configChannel}`)).pipe(Effect.timeout("5 seconds"))
    return dropped
  })

/**
 * Keeps every instance's snapshot current: a dedicated connection LISTENs for committed
 * changes (each one reloads, unless this instance has that version already), a reconnect with
 * back-off when it drops, then a reload for what was missed meanwhile; a slow safety poll
 * (`FOLIO_CONFIG_POLL_MS`) in case a notification was lost anyway; and, while the store is
 * missing, a retry every 2 s, so an instance recovers by itself once the store can be read.
 */
export const ConfigListenerLive = Layer.scopedDiscard(
  Effect.gen(function* () {
    const pool = yield* PgPool
    const store = yield* ConfigStore
    const { configPollMs } = yield* AppConfig
    const payloads = yield* Queue.unbounded<string>()

    const session = Effect.scoped(
      Effect.gen(function* () {
        const dropped = yield* listening(pool, (payload) => Queue.unsafeOffer(payloads, payload))
        yield* store.reload
        yield* Deferred.await(dropped)
        yield* Effect.logWarning("The configuration listener lost its connection; reconnecting")
      }),
    ).pipe(
      Effect.tapError(() => store.reload),
      Effect.retry(reconnect),
    )
    yield* Effect.forkScoped(Effect.repeat(session, Schedule.forever))

    // A burst of notifications is one reload: the newest version named, or a forced one.
    const drain = Effect.gen(function* () {
      const first = yield* Queue.take(payloads)
      const rest = yield* Queue.takeAll(payloads)
      const all = [first, ...rest]
      const forced = all.find((payload) => !/^\d{1,10}$/.test(payload))
      const newest = all.reduce((max, p) => (/^\d{1,10}$/.test(p) ? Math.max(max, Number(p)) : max), 0)
      yield* store.notified(forced ?? String(newest))
    })
    yield* Effect.forkScoped(Effect.repeat(drain, Schedule.forever))

    yield* Effect.forkScoped(Effect.schedule(store.reload, Schedule.spaced(Duration.millis(configPollMs))))
    yield* Effect.forkScoped(
      Effect.schedule(
        Effect.suspend(() => (store.current().status === "missing" ? store.reload : Effect.void)),
        Schedule.spaced(missingRetry),
      ),
    )
  }),
)
