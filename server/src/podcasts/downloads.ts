import { SqlClient } from "@effect/sql"
import { playCountsAfterSeconds } from "@folio/core"
import { Effect } from "effect"
import { recordServerEvent } from "../readership/record.js"
import { bytesForSeconds } from "./metadata.js"
import { PodcastsRepo } from "./repo.js"

/**
 * Feed downloads, counted per the IAB Podcast Measurement Technical Guidelines v2.1:
 * - the bytes each listener is served of an episode add up per UTC day (`podcast_downloads`),
 *   whatever ranges a podcast app asks for, in any order or at once;
 * - a download counts once they reach the bytes of the first minute of audio (bit rate / 8 × 60,
 *   or the whole file when it is shorter);
 * - one listener counts once per episode in 24 hours, however often they fetch it.
 * The listener is the feed token's owner, not the IAB's IP address + user agent: every private
 * feed address belongs to exactly one person, so the token identifies them better than a
 * network address a whole office shares (and is what the console's plays are counted by).
 * A counted download is a `podcast_play` readership event on the `feed` channel.
 */
export interface ServedDownload {
  readonly userId: string
  readonly companyId: string
  readonly episodeId: string
  readonly subject: string
  readonly audio: { readonly size: number; readonly bitrate: number | null; readonly durationSeconds: number }
  readonly bytes: number
}

export const recordDownload = (served: ServedDownload) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* PodcastsRepo
    const needed = bytesForSeconds(served.audio, playCountsAfterSeconds)
    yield* sql.withTransaction(
      Effect.gen(function* () {
        const counted = yield* repo.addDownloadBytes(served, needed)
        if (counted) {
          yield* recordServerEvent({
            userId: served.userId,
            companyId: served.companyId,
            kind: "podcast_play",
            channel: "feed",
            subject: served.subject,
          })
        }
      }),
    )
  }).pipe(
    Effect.catchAllCause((cause) =>
      Effect.logWarning("Could not count a podcast download").pipe(Effect.annotateLogs({ cause })),
    ),
  )
