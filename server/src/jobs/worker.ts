import { SqlClient } from "@effect/sql"
import { Effect, Layer, Runtime } from "effect"
import { run, type Task } from "graphile-worker"
import { AppConfig } from "../config.js"
import { PgPool } from "../db/database.js"
import { workerLogger } from "./workerLog.js"

/**
 * The one place background work lives: graphile-worker on the instance's own pool. Jobs are
 * enqueued in SQL (`enqueue`) inside the transaction of the change that causes them, so a
 * release is never published without its deliveries, nor a delivery queued for a change that
 * rolled back. graphile-worker claims with SKIP LOCKED, so with several instances each job runs
 * once; jobs due while every instance was down run at the next start.
 */

/** A task: an Effect run with the server's services. Failing it makes graphile-worker retry the job. */
export type JobTask<R> = (payload: unknown) => Effect.Effect<void, unknown, R>

export interface JobOptions {
  /** When the job becomes due; now when absent. */
  readonly runAt?: Date | undefined
  /** One job per key: adding again replaces the pending one (its payload and time). */
  readonly jobKey?: string | undefined
  readonly maxAttempts?: number | undefined
}

/** Adds a job through `sql`, in its transaction if it is in one. */
export const enqueueWith = (
  sql: SqlClient.SqlClient,
  task: string,
  payload: unknown,
  options: JobOptions = {},
) =>
  sql`
    select graphile_worker.add_job(
      ${task}, ${JSON.stringify(payload)}::json,
      run_at => ${options.runAt ?? null}::timestamptz,
      max_attempts => ${options.maxAttempts ?? 25},
      job_key => ${options.jobKey ?? null}) as id`.pipe(Effect.asVoid, Effect.orDie)

/** Adds a job in the caller's transaction, if it is in one. */
export const enqueue = (task: string, payload: unknown, options: JobOptions = {}) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => enqueueWith(sql, task, payload, options))

/** How many jobs one instance runs at once. */
const concurrency = 10

/**
 * Runs `tasks` (and the `crontab` lines naming them) for as long as the layer lives. Tasks get
 * the layer's services; a failure is logged with its cause and retried by graphile-worker with
 * its exponential back-off.
 */
export const makeJobsLayer = <T extends Record<string, JobTask<unknown>>>(tasks: T, crontab: string) =>
  Layer.scopedDiscard(
    Effect.gen(function* () {
      const pool = yield* PgPool
      const config = yield* AppConfig
      type Context = Effect.Effect.Context<ReturnType<T[keyof T]>>
      const runtime = yield* Effect.runtime<Context>()
      const runPromise = Runtime.runPromise(runtime)
      const logRuntime = yield* Effect.runtime<never>()
      const log = (level: string, message: string) =>
        Runtime.runFork(logRuntime)(
          level === "error"
            ? Effect.logError(`Job runner: ${message}`)
            : Effect.logWarning(`Job runner: ${message}`),
        )
      const taskList: Record<string, Task> = {}
      // Every task's requirements are in Context by construction (T's own values).
      for (const [name, task] of Object.entries(tasks) as Array<[string, JobTask<Context>]>) {
        taskList[name] = (payload) =>
          runPromise(
            task(payload).pipe(
              Effect.tapErrorCause((cause) =>
                Effect.logError(`Job ${name} failed; it will be retried`, cause),
              ),
              Effect.withLogSpan(`job.${name}`),
            ),
          )
      }
      const runner = yield* Effect.acquireRelease(
        Effect.promise(() =>
          run({
            pgPool: pool,
            taskList,
            crontab,
            concurrency,
            pollInterval: config.jobPollMs,
            noHandleSignals: true,
            logger: workerLogger((level, message) => log(level, message)),
          }),
        ),
        (runner) => Effect.promise(() => runner.stop()).pipe(Effect.timeoutOption("5 seconds")),
      )
      yield* Effect.logDebug("Job runner started").pipe(Effect.annotateLogs({ tasks: Object.keys(tasks) }))
      return runner
    }),
  )
