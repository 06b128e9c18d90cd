import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"

/**
 * All SQL of episode audio's tus uploads (`podcast_uploads`): which episode and person each is
 * for, its declared size and file name, and how it ended (finished, refused or abandoned). The
 * bytes themselves are the media store's (storage.ts).
 */

export interface NewUpload {
  readonly id: string
  readonly episodeId: string
  readonly userId: string
  readonly size: number
  readonly fileName: string
}

export class PodcastUploadsRepo extends Effect.Service<PodcastUploadsRepo>()(
  "@folio/server/PodcastUploadsRepo",
  {
    effect: Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient

      const findUpload = (id: string) =>
        sql<{ episodeId: string; userId: string; fileName: string; size: string }>`
        select episode_id, user_id, file_name, size from podcast_uploads where id = ${id}`.pipe(
          Effect.map((rows) => Option.fromNullable(rows[0])),
          Effect.orDie,
        )

      const insertUpload = (upload: NewUpload) =>
        sql`
        insert into podcast_uploads (id, episode_id, user_id, size, file_name)
        values (${upload.id}, ${upload.episodeId}, ${upload.userId}, ${upload.size}, ${upload.fileName})`.pipe(
          Effect.asVoid,
          Effect.orDie,
        )

      const deleteUpload = (id: string) =>
        sql`delete from podcast_uploads where id = ${id}`.pipe(Effect.asVoid, Effect.orDie)

      /** The upload exists and that user created it. */
      const isOwnedBy = (id: string, userId: string) =>
        sql<{ id: string }>`
        select id from podcast_uploads where id = ${id} and user_id = ${userId}`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie,
        )

      /** Finished: its file became the episode's audio. */
      const markFinished = (id: string) =>
        sql`update podcast_uploads set finished_at = now(), error = null where id = ${id}`.pipe(
          Effect.asVoid,
          Effect.orDie,
        )

      /** Finished, refused: what the file was instead. */
      const markRefused = (id: string, message: string) =>
        sql`update podcast_uploads set error = ${message}, finished_at = now() where id = ${id}`.pipe(
          Effect.asVoid,
          Effect.orDie,
        )

      /** Abandoned by its creator, unless it had finished. */
      const markAbandoned = (id: string) =>
        sql`update podcast_uploads set error = 'Abandoned', finished_at = coalesce(finished_at, now()) where id = ${id} and finished_at is null`.pipe(
          Effect.asVoid,
          Effect.orDie,
        )

      return {
        findUpload,
        insertUpload,
        deleteUpload,
        isOwnedBy,
        markFinished,
        markRefused,
        markAbandoned,
      } as const
    }),
  },
) {}
