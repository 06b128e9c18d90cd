import { SqlClient } from "@effect/sql"
import {
  type Actor,
  NotFound,
  type PlaybackPosition,
  type PlaybackResult,
  playCountsAfterSeconds,
} from "@folio/core"
import { Effect, Option } from "effect"
import { recordServerEvent } from "../readership/record.js"
import { episodeReachOf } from "./reach.js"
import { PodcastsRepo } from "./repo.js"

export const episodeNotFound = () =>
  new NotFound({ message: "No such episode, or it is not available to you." })

/**
 * Where a listener is in an episode they may hear (404 otherwise). The player reports the seconds
 * heard since its previous report; once they add up to `playCountsAfterSeconds` a `podcast_play`
 * readership event is recorded, at most one per listener and episode a day. The count is decided
 * by the position's own upsert (one statement, the row locked), so concurrent reports count once;
 * the event is written in the same transaction.
 */
export const savePosition = (actor: Actor, episodeId: string, position: PlaybackPosition) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* PodcastsRepo
    const reach = yield* episodeReachOf(actor)
    return yield* Effect.gen(function* () {
      const saved = yield* repo.savePosition(
        actor.user.id,
        episodeId,
        reach,
        position,
        playCountsAfterSeconds,
      )
      if (Option.isNone(saved)) return yield* episodeNotFound()
      const { counted, showTitle, title, reportId } = saved.value
      if (counted)
        yield* recordServerEvent({
          userId: actor.user.id,
          companyId: actor.company.id,
          kind: "podcast_play",
          channel: actor.via === "bearer" ? "api" : "console",
          subject: `${showTitle} — ${title}`,
          reportId,
        })
      return { playCounted: counted } satisfies PlaybackResult
    }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))
  })
