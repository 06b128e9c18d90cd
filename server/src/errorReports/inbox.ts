import { SqlClient, type SqlError } from "@effect/sql"
import { Deferred, Effect, Exit, Queue } from "effect"
import { fileBatch, type InboxContents } from "./filing.js"

interface Job {
  readonly contents: InboxContents
  readonly done: Deferred.Deferred<void, SqlError.SqlError>
}

/** Envelopes filed in one transaction at most; more wait for the next one. */
const maxBatch = 256
/** Envelopes waiting to be filed before the tunnel's requests wait to hand theirs over. */
const maxWaiting = 4096

/**
 * Files what the tunnel received, with group commit: envelopes that arrive while a transaction is
 * being written are filed together in the next one. An error storm — one bug, every user — is
 * many events of one issue, whose row would otherwise be locked, updated and committed once per
 * event, one after the other; in a batch it is updated once. Each request still waits until its
 * own envelope is committed (not until the commit is on disk: see `write`). A batch that fails is retried envelope by envelope, so one bad
 * envelope fails only itself.
 */
export class ErrorInbox extends Effect.Service<ErrorInbox>()("@folio/server/ErrorInbox", {
  scoped: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const queue = yield* Queue.bounded<Job>(maxWaiting)
    // Committed without waiting for the WAL's flush to disk (3–4 ms a batch here, which every
    // request of an error storm waited for): a crash of PostgreSQL itself may lose the last few
    // milliseconds of error telemetry, never other data (docs/error-reports.md, "Durability").
    const write = (contents: ReadonlyArray<InboxContents>) =>
      sql`SET LOCAL synchronous_commit = off`.pipe(
        Effect.zipRight(fileBatch(sql, contents)),
        sql.withTransaction,
      )

    const writeBatch = (jobs: ReadonlyArray<Job>) =>
      write(jobs.map((job) => job.contents)).pipe(
        Effect.exit,
        Effect.flatMap((exit) =>
          Exit.isSuccess(exit) || jobs.length === 1
            ? Effect.forEach(jobs, (job) => Deferred.done(job.done, exit), { discard: true })
            : Effect.forEach(
                jobs,
                (job) =>
                  write([job.contents]).pipe(
                    Effect.exit,
                    Effect.flatMap((one) => Deferred.done(job.done, one)),
                  ),
                { discard: true },
              ),
        ),
      )

    yield* Queue.takeBetween(queue, 1, maxBatch).pipe(
      Effect.flatMap((jobs) => writeBatch([...jobs])),
      Effect.forever,
      Effect.forkScoped,
    )

    const file = (contents: InboxContents) =>
      contents.errors.length === 0 && contents.traces.length === 0
        ? Effect.void
        : Effect.gen(function* () {
            const done = yield* Deferred.make<void, SqlError.SqlError>()
            yield* Queue.offer(queue, { contents, done })
            return yield* Deferred.await(done)
          })

    return { file } as const
  }),
}) {}
