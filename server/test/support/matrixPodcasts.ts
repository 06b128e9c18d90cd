import type { Action } from "@folio/core"
import type { Need } from "../../src/auth/authorize.js"
import type { databaseOf } from "./directory.js"
import type { Request, Row } from "./matrix.js"

interface Deps {
  readonly db: () => ReturnType<typeof databaseOf>
  readonly next: () => number
}

/**
 * Matrix rows for podcasts. Listening is everyone's: an episode to all clients, published with its
 * audio, which every caller may hear. Managing is editors' and admins': each write acts on a show
 * or episode of its own, made fresh in SQL (a delete needs an empty show, a publish an episode
 * with audio).
 */
export const podcastRows = ({ db, next }: Deps): Record<string, Row> => {
  const show = async () => {
    const rows = await db().query(
      (sql) => sql<{ id: string }>`
        insert into podcast_shows (title, category) values (${`Matrix show ${next()}`}, 'Business')
        returning id`,
    )
    return rows[0]!.id
  }
  /** An episode of a fresh show: a draft without audio, a draft with audio, or published to all clients. */
  const episode = async (state: "draft" | "audio" | "published") => {
    const showId = await show()
    const rows = await db().query(
      (sql) => sql<{ id: string }>`
        insert into podcast_episodes (show_id, title, status, published_at, audio_key, audio_format, audio_mime,
                                      audio_duration_seconds, audio_size, audio_sha256, audio_original_name,
                                      audio_uploaded_at)
        values (${showId}, ${`Matrix episode ${next()}`}, ${state === "published" ? "published" : "draft"},
                ${state === "published" ? new Date(Date.now() - 60_000) : null},
                ${state === "draft" ? null : "matrix/episode.mp3"}, 'mp3', 'audio/mpeg', 60, 1000,
                ${"0".repeat(64)}, 'matrix.mp3', now())
        returning id`,
    )
    const id = rows[0]!.id
    await db().query((sql) => sql`insert into podcast_episode_audience (episode_id) values (${id})`)
    return id
  }
  const row = (action: Action, need: Need, request: () => Promise<Request>): Row => ({
    access: "policy",
    action,
    need,
    scoped: false,
    request,
  })
  return {
    "podcasts.shows": row("podcasts.listen", "read", async () => ({
      method: "GET",
      path: "/podcasts/shows",
    })),
    "podcasts.createShow": row("podcasts.manage", "write", async () => ({
      method: "POST",
      path: "/podcasts/shows",
      body: { title: `Matrix show ${next()}` },
    })),
    "podcasts.updateShow": row("podcasts.manage", "write", async () => ({
      method: "PATCH",
      path: `/podcasts/shows/${await show()}`,
      body: { description: "Changed." },
    })),
    "podcasts.deleteShow": row("podcasts.manage", "write", async () => ({
      method: "DELETE",
      path: `/podcasts/shows/${await show()}`,
    })),
    "podcasts.episodes": row("podcasts.listen", "read", async () => ({
      method: "GET",
      path: "/podcasts/episodes?limit=5",
    })),
    "podcasts.episode": row("podcasts.listen", "read", async () => ({
      method: "GET",
      path: `/podcasts/episodes/${await episode("published")}`,
    })),
    "podcasts.createEpisode": row("podcasts.manage", "write", async () => ({
      method: "POST",
      path: `/podcasts/shows/${await show()}/episodes`,
      body: { title: "Matrix episode" },
    })),
    "podcasts.updateEpisode": row("podcasts.manage", "write", async () => ({
      method: "PATCH",
      path: `/podcasts/episodes/${await episode("draft")}`,
      body: { notes: "Changed." },
    })),
    "podcasts.publishEpisode": row("podcasts.manage", "write", async () => ({
      method: "POST",
      path: `/podcasts/episodes/${await episode("audio")}/publish`,
    })),
    "podcasts.unpublishEpisode": row("podcasts.manage", "write", async () => ({
      method: "POST",
      path: `/podcasts/episodes/${await episode("published")}/unpublish`,
    })),
    "podcasts.deleteEpisode": row("podcasts.manage", "write", async () => ({
      method: "DELETE",
      path: `/podcasts/episodes/${await episode("draft")}`,
    })),
    "podcasts.position": row("podcasts.listen", "read", async () => ({
      method: "PUT",
      path: `/podcasts/episodes/${await episode("published")}/position`,
      body: { seconds: 12, heardSeconds: 10 },
    })),
  }
}
