import { randomUUID } from "node:crypto"
import { hostname } from "node:os"
import { instanceHeartbeatSeconds } from "@folio/core"
import { Duration, Effect, Schedule } from "effect"
import { version } from "../build-info.js"
import { AppConfig, deploymentIdOf } from "../config.js"
import { ControlPanelRepo } from "./repo.js"

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
    const repo = yield* ControlPanelRepo
    const config = yield* AppConfig
    const id = randomUUID()
    yield* repo.forgetInstances(forgetAfter)
    yield* repo.insertInstance({
      id,
      deploymentId: deploymentIdOf(config),
      version,
      hostname: hostname().slice(0, 200),
      pid: process.pid,
    })
    const beat = repo.heartbeat(id).pipe(
      // A missed beat (the database away for a moment) is only late: the next one catches up.
      Effect.catchAll((error) => Effect.logWarning("Could not write this instance's heartbeat", error)),
    )
    yield* beat.pipe(
      Effect.delay(Duration.seconds(instanceHeartbeatSeconds)),
      Effect.repeat(Schedule.spaced(Duration.seconds(instanceHeartbeatSeconds))),
      Effect.forkScoped,
    )
    yield* Effect.addFinalizer(() =>
      repo.markStopped(id).pipe(
        Effect.timeout("2 seconds"),
        Effect.catchAllCause((cause) => Effect.logWarning("Could not mark this instance stopped", cause)),
      ),
    )

    /** Instances heard from in the last day, the running ones first, then newest first; this one marked. */
    const list = repo.instances(id)

    return { id, list } as const
  }).pipe(Effect.orDie),
  dependencies: [ControlPanelRepo.Default],
}) {}
