import { randomUUID } from "node:crypto"
import { hostname } from "node:os"
import { SqlClient } from "@effect/sql"
import {
  instanceGoneAfterSeconds,
  instanceHeartbeatSeconds,
  ServerInstance as ServerInstanceRow,
} from "@folio/core"
import { Duration, Effect, Schedule, Schema } from "effect"
import { version } from "../build-info.js"
import { AppConfig, deploymentIdOf } from "../config.js"

const decodeInstances = Schema.decodeUnknown(
  Schema.Array(
    Schema.Struct({
      ...ServerInstanceRow.fields,
      startedAt: Schema.DateFromSelf,
      lastHeartbeatAt: Schema.DateFromSelf,
      stoppedAt: Schema.NullOr(Schema.DateFromSelf),
    }),
  ),
)

/** Rows of instances that stopped or fell silent this long ago are deleted when another starts. */
const forgetAfter = "7 days"

/**
 * This server instance, as the control panel lists it: registered in `server_instances` when it
 * starts, a heartbeat every `instanceHeartbeatSeconds` on Effect's scheduler, and marked stopped
 * when its scope closes. An instance that dies without stopping is shown as gone once its
 * heartbeat is older than `instanceGoneAfterSeconds`; "gone" is decided by the database's clock,
 * so instances with skewed clocks still agree.
 */
export class ServerInstance extends Effect.Service<ServerInstance>()("@folio/server/ServerInstance", {
  scoped: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const config = yield* AppConfig
    const id = randomUUID()
    yield* sql`delete from server_instances where last_heartbeat_at < now() - ${forgetAfter}::interval`
    yield* sql`
      insert into server_instances (id, deployment_id, version, hostname, pid)
      values (${id}, ${deploymentIdOf(config)}, ${version}, ${hostname().slice(0, 200)}, ${process.pid})`
    const beat = sql`update server_instances set last_heartbeat_at = now() where id = ${id}`.pipe(
      Effect.asVoid,
      // A missed beat (the database away for a moment) is only late: the next one catches up.
      Effect.catchAll((error) => Effect.logWarning("Could not write this instance's heartbeat", error)),
    )
    yield* beat.pipe(
      Effect.delay(Duration.seconds(instanceHeartbeatSeconds)),
      Effect.repeat(Schedule.spaced(Duration.seconds(instanceHeartbeatSeconds))),
      Effect.forkScoped,
    )
    yield* Effect.addFinalizer(() =>
      sql`update server_instances set stopped_at = now(), last_heartbeat_at = now() where id = ${id}`.pipe(
        Effect.timeout("2 seconds"),
        Effect.catchAllCause((cause) => Effect.logWarning("Could not mark this instance stopped", cause)),
      ),
    )

    /** Instances heard from in the last day, the running ones first, then newest first; this one marked. */
    const list = sql`
      select id, deployment_id, version, hostname, pid, started_at, last_heartbeat_at, stopped_at,
             case when stopped_at is not null then 'stopped'
                  when last_heartbeat_at < now() - make_interval(secs => ${instanceGoneAfterSeconds}) then 'gone'
                  else 'running' end as state,
             id = ${id} as current
      from server_instances
      where last_heartbeat_at > now() - interval '1 day'
      order by (stopped_at is null and last_heartbeat_at >= now() - make_interval(secs => ${instanceGoneAfterSeconds})) desc,
               started_at desc
      limit 50`.pipe(Effect.flatMap(decodeInstances), Effect.orDie)

    return { id, list } as const
  }).pipe(Effect.orDie),
}) {}
