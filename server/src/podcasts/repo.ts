import { SqlClient, type Statement } from "@effect/sql"
import type {
  AudienceEntry,
  AudioFormat,
  Episode,
  EpisodeId,
  EpisodeStatus,
  ReportId,
  ShowId,
} from "@folio/core"
import { Effect, Option } from "effect"
import { type AudienceWrite, replaceAudienceRows } from "../db/audience.js"
import type { TimeKey } from "../db/timeCursor.js"
import { type ReportReach, reachClause } from "../reports/reach.js"
import { listeningQueries } from "./listeningRepo.js"
import type { AudioFacts } from "./metadata.js"
import { type EpisodeReach, episodeReachClause } from "./reach.js"

/**
 * All SQL of podcast episodes, their audio and audience (shows: showsRepo.ts; tus uploads:
 * uploadsRepo.ts; listeners' reach, positions and feed downloads: listeningRepo.ts, which this
 * repository spreads in). Rows are read as
 * PostgreSQL gives them (the columns' types and checks hold them to the schemas) and shaped here.
 */

/** Who is reading: their id (for their position) and which linked reports they may see. */
export interface Reader {
  readonly userId: string
  readonly reportReach: ReportReach
}

/** Which episodes a statement may see: all of them (managing) or those the caller may hear. */
export type EpisodeScope = { readonly kind: "all" } | { readonly kind: "hear"; readonly reach: EpisodeReach }

export interface EpisodeWrite {
  readonly title: string
  readonly notes: string
  readonly transcript: string | null
  readonly season: number | null
  readonly number: number | null
  readonly reportId: string | null
  readonly followReport: boolean
}

/** An episode as stored, for the rules (publishing, deleting) rather than for an answer. */
export interface StoredEpisode extends EpisodeWrite {
  readonly id: string
  readonly showId: string
  readonly status: EpisodeStatus
  readonly audioKey: string | null
  readonly reportStatus: string | null
}

/** An episode's audio, as the media routes serve it. */
export interface EpisodeAudio {
  readonly id: string
  readonly title: string
  readonly showTitle: string
  readonly audioKey: string
  readonly audioMime: string
  readonly audioSize: string
  readonly audioSha256: string
  readonly audioBitrate: number | null
  readonly audioDurationSeconds: number
  readonly audioUploadedAt: Date
}

/** An uploaded file that becomes an episode's audio: where it is stored and what the server read of it. */
export interface AudioWrite {
  readonly key: string
  readonly facts: AudioFacts
  readonly size: number
  readonly sha256: string
  readonly fileName: string
}

interface EpisodeRow {
  readonly id: string
  readonly showId: string
  readonly showTitle: string
  readonly guid: string
  readonly title: string
  readonly notes: string
  readonly hasTranscript: boolean
  readonly season: number | null
  readonly number: number | null
  readonly reportId: string | null
  readonly reportTitle: string | null
  readonly followReport: boolean
  readonly audience: ReadonlyArray<AudienceEntry>
  readonly status: EpisodeStatus
  readonly publishedAt: Date | null
  readonly audioKey: string | null
  readonly audioFormat: string | null
  readonly audioMime: string | null
  readonly audioDurationSeconds: number | null
  readonly audioBitrate: number | null
  readonly audioSize: number | null
  readonly audioSha256: string | null
  readonly audioOriginalName: string | null
  readonly audioUploadedAt: Date | null
  readonly positionSeconds: number | null
  readonly positionCompleted: boolean | null
  readonly positionUpdatedAt: Date | null
  readonly createdAt: Date
  readonly updatedAt: Date
  /** Full-precision (µs) sort keys for page cursors. */
  readonly publishedKey: string | null
  readonly updatedKey: string
}

const toEpisode = (row: EpisodeRow): Episode => ({
  id: row.id as EpisodeId,
  showId: row.showId as ShowId,
  showTitle: row.showTitle,
  guid: row.guid,
  title: row.title,
  notes: row.notes,
  hasTranscript: row.hasTranscript,
  season: row.season,
  number: row.number,
  report:
    row.reportId !== null && row.reportTitle !== null
      ? { id: row.reportId as ReportId, title: row.reportTitle }
      : null,
  followReport: row.followReport,
  audience: row.audience,
  status: row.status,
  publishedAt: row.publishedAt,
  audio:
    row.audioKey === null
      ? null
      : {
          format: (row.audioFormat ?? "mp3") as AudioFormat,
          mimeType: row.audioMime ?? "application/octet-stream",
          durationSeconds: row.audioDurationSeconds ?? 0,
          bitrate: row.audioBitrate,
          sizeBytes: Number(row.audioSize ?? 0),
          sha256: row.audioSha256 ?? "",
          originalName: row.audioOriginalName ?? "",
          uploadedAt: row.audioUploadedAt ?? row.updatedAt,
        },
  position:
    row.positionUpdatedAt === null
      ? null
      : {
          seconds: row.positionSeconds ?? 0,
          completed: row.positionCompleted ?? false,
          updatedAt: row.positionUpdatedAt,
        },
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
})

/**
 * Publishes, in the caller's transaction, the episodes that follow these just-published reports:
 * drafts with their audio, released at the report's time to a copy of the report's audience. An
 * episode that follows but has no audio yet stays a draft (publishing it later checks the report).
 * Returns the episodes published.
 */
export const publishFollowingEpisodes = (reportIds: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    if (reportIds.length === 0) return [] as ReadonlyArray<string>
    const rows = yield* sql<{ id: string }>`
      update podcast_episodes e
      set status = 'published', published_at = r.published_at, updated_at = now()
      from reports r
      where r.id = any(${[...reportIds]}::uuid[]) and e.report_id = r.id and r.published_at is not null
        and e.follow_report and e.status = 'draft' and e.audio_key is not null
      returning e.id`
    const ids = rows.map((r) => r.id)
    yield* copyReportAudience(ids)
    return ids
  }).pipe(Effect.orDie)

/** Replaces these episodes' audience with a copy of their linked report's. */
const copyReportAudience = (episodeIds: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    if (episodeIds.length === 0) return
    const sql = yield* SqlClient.SqlClient
    yield* sql`delete from podcast_episode_audience where episode_id = any(${[...episodeIds]}::uuid[])`
    yield* sql`
      insert into podcast_episode_audience (episode_id, company_id, team_id, embargo_hours)
      select e.id, a.company_id, a.team_id, a.embargo_hours
      from podcast_episodes e join report_audience a on a.report_id = e.report_id
      where e.id = any(${[...episodeIds]}::uuid[])`
  })

export class PodcastsRepo extends Effect.Service<PodcastsRepo>()("@folio/server/PodcastsRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    // -- episodes ---------------------------------------------------------------------------

    /** Episodes, each with its show, audience, linked report (when the reader may see it) and position. */
    const episodeRows = (
      reader: Reader,
      where: Statement.Fragment,
      tail: Statement.Fragment,
    ): Effect.Effect<ReadonlyArray<EpisodeRow>> =>
      sql<EpisodeRow>`
        select e.id, e.show_id, s.title as show_title, e.guid::text as guid, e.title, e.notes,
               e.transcript is not null as has_transcript, e.season, e.episode_number as number,
               rep.id as report_id, rep.title as report_title, e.follow_report,
               coalesce((select json_agg(json_build_object(
                                  'companyId', a.company_id, 'companySlug', c.slug, 'companyName', c.name,
                                  'teamId', a.team_id, 'teamName', t.name, 'embargoHours', a.embargo_hours)
                                  order by c.name nulls first, t.name nulls first)
                         from podcast_episode_audience a
                         left join companies c on c.id = a.company_id
                         left join teams t on t.id = a.team_id
                         where a.episode_id = e.id), '[]') as audience,
               e.status, e.published_at,
               e.audio_key, e.audio_format, e.audio_mime, e.audio_duration_seconds, e.audio_bitrate,
               e.audio_size::float8 as audio_size, e.audio_sha256, e.audio_original_name, e.audio_uploaded_at,
               p.seconds as position_seconds, p.completed as position_completed, p.updated_at as position_updated_at,
               e.created_at, e.updated_at,
               to_char(e.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as published_key,
               to_char(e.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_key
        from podcast_episodes e
        join podcast_shows s on s.id = e.show_id
        left join lateral (
          select r.id, r.title from reports r
          where r.id = e.report_id and ${reachClause(sql, reader.reportReach)}) rep on true
        left join podcast_positions p on p.episode_id = e.id and p.user_id = ${reader.userId}
        where ${where}
        ${tail}`.pipe(Effect.orDie)

    const audioColumns = sql`
      e.id, e.title, s.title as show_title, e.audio_key, e.audio_mime, e.audio_size, e.audio_sha256,
      e.audio_bitrate, e.audio_duration_seconds, e.audio_uploaded_at`

    const scopeClause = (scope: EpisodeScope) =>
      scope.kind === "all" ? sql`true` : episodeReachClause(sql, scope.reach)

    /** One episode, if the scope lets the reader see it. */
    const findEpisode = (id: string, reader: Reader, scope: EpisodeScope) =>
      episodeRows(reader, sql`e.id = ${id} and ${scopeClause(scope)}`, sql``).pipe(
        Effect.map((rows) => Option.fromNullable(rows[0]).pipe(Option.map(toEpisode))),
      )

    /** An episode's transcript (for the answer about that one episode). */
    const transcriptOf = (id: string) =>
      sql<{ transcript: string | null }>`select transcript from podcast_episodes where id = ${id}`.pipe(
        Effect.map((rows) => rows[0]?.transcript ?? null),
        Effect.orDie,
      )

    /**
     * A page of episodes after the cursor's key: the published ones heard, newest release first
     * ("listen"), or all of them, newest change first ("manage"). Fetch `limit + 1` rows.
     */
    const listEpisodes = (
      reader: Reader,
      params: {
        readonly order: "published" | "updated"
        readonly scope: EpisodeScope
        readonly showId?: string | undefined
        readonly status?: EpisodeStatus | undefined
      },
      after: Option.Option<TimeKey>,
      limit: number,
    ) => {
      const column = params.order === "published" ? sql`e.published_at` : sql`e.updated_at`
      const clauses: Array<Statement.Fragment> = [scopeClause(params.scope)]
      if (params.order === "published") clauses.push(sql`e.published_at is not null`)
      if (params.showId !== undefined) clauses.push(sql`e.show_id = ${params.showId}`)
      if (params.status !== undefined) clauses.push(sql`e.status = ${params.status}`)
      if (Option.isSome(after))
        clauses.push(sql`(${column}, e.id) < (${after.value.at}::timestamptz, ${after.value.id}::uuid)`)
      return episodeRows(
        reader,
        sql.and(clauses),
        sql`order by ${column} desc, e.id desc limit ${limit}`,
      ).pipe(
        Effect.map((rows) =>
          rows.map((row) => ({
            episode: toEpisode(row),
            key: {
              at: (params.order === "published" ? row.publishedKey : row.updatedKey) ?? "",
              id: row.id,
            },
          })),
        ),
      )
    }

    const showExists = (id: string) =>
      sql<{ id: string }>`select id from podcast_shows where id = ${id}`.pipe(
        Effect.map((rows) => rows.length > 0),
        Effect.orDie,
      )

    /** The linked report's status, or none if there is no such report. */
    const reportStatus = (id: string) =>
      sql<{ status: string }>`select status from reports where id = ${id}`.pipe(
        Effect.map((rows) => Option.fromNullable(rows[0]?.status)),
        Effect.orDie,
      )

    /** Locks an episode for a change; with its linked report's status. */
    const lockEpisode = (id: string) =>
      sql<StoredEpisode>`
        select e.id, e.show_id, e.title, e.notes, e.transcript, e.season, e.episode_number as number,
               e.report_id, e.follow_report, e.status, e.audio_key,
               (select r.status from reports r where r.id = e.report_id) as report_status
        from podcast_episodes e where e.id = ${id} for update`.pipe(
        Effect.map((rows) => Option.fromNullable(rows[0])),
        Effect.orDie,
      )

    const insertEpisode = (showId: string, w: EpisodeWrite, createdBy: string) =>
      sql<{ id: string }>`
        insert into podcast_episodes (show_id, title, notes, transcript, season, episode_number, report_id,
                                      follow_report, created_by)
        values (${showId}, ${w.title}, ${w.notes}, ${w.transcript}, ${w.season}, ${w.number}, ${w.reportId},
                ${w.followReport}, ${createdBy})
        returning id`.pipe(
        Effect.map((rows) => rows[0]!.id),
        Effect.orDie,
      )

    const updateEpisode = (id: string, w: EpisodeWrite) =>
      sql`
        update podcast_episodes set title = ${w.title}, notes = ${w.notes}, transcript = ${w.transcript},
               season = ${w.season}, episode_number = ${w.number}, report_id = ${w.reportId},
               follow_report = ${w.followReport}, updated_at = now()
        where id = ${id}`.pipe(Effect.asVoid, Effect.orDie)

    const replaceAudience = (id: string, entries: ReadonlyArray<AudienceWrite>) =>
      replaceAudienceRows(sql, { table: "podcast_episode_audience", key: "episode_id" }, id, entries)

    /** Published now; with its report's audience when it follows a report already out. */
    const publishEpisode = (id: string, withReportAudience: boolean) =>
      Effect.gen(function* () {
        yield* sql`
          update podcast_episodes set status = 'published', published_at = now(), updated_at = now()
          where id = ${id}`
        if (withReportAudience) yield* copyReportAudience([id])
      }).pipe(Effect.orDie)

    const unpublishEpisode = (id: string) =>
      sql`
        update podcast_episodes set status = 'draft', published_at = null, updated_at = now()
        where id = ${id}`.pipe(Effect.asVoid, Effect.orDie)

    /** Deletes the episode (its audience, uploads and positions go with it); the upload ids left unfinished. */
    const deleteEpisode = (id: string) =>
      Effect.gen(function* () {
        const uploads = yield* sql<{ id: string }>`
          select id from podcast_uploads where episode_id = ${id} and finished_at is null order by created_at`
        yield* sql`delete from podcast_episodes where id = ${id}`
        return uploads.map((u) => u.id)
      }).pipe(Effect.orDie)

    /** An episode's audio, if it has some and the scope lets the caller hear it. */
    const findAudio = (episodeId: string, scope: EpisodeScope) =>
      sql<EpisodeAudio>`
        select ${audioColumns}
        from podcast_episodes e join podcast_shows s on s.id = e.show_id
        where e.id = ${episodeId} and e.audio_key is not null
          and ${scopeClause(scope)}`.pipe(
        Effect.map((rows) => Option.fromNullable(rows[0])),
        Effect.orDie,
      )

    const episodeExists = (id: string) =>
      sql<{ id: string }>`select id from podcast_episodes where id = ${id}`.pipe(
        Effect.map((rows) => rows.length > 0),
        Effect.orDie,
      )

    /** Locks an episode for its new audio; the audio it has now, or none if there is no such episode. */
    const lockEpisodeAudio = (id: string) =>
      sql<{ audioKey: string | null }>`
        select audio_key from podcast_episodes where id = ${id} for update`.pipe(
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), (row) => row.audioKey)),
        Effect.orDie,
      )

    const setEpisodeAudio = (id: string, audio: AudioWrite) =>
      sql`
        update podcast_episodes set
          audio_key = ${audio.key}, audio_format = ${audio.facts.format}, audio_mime = ${audio.facts.mimeType},
          audio_duration_seconds = ${audio.facts.durationSeconds}, audio_bitrate = ${audio.facts.bitrate},
          audio_size = ${audio.size}, audio_sha256 = ${audio.sha256}, audio_original_name = ${audio.fileName},
          audio_uploaded_at = now(), updated_at = now()
        where id = ${id}`.pipe(Effect.asVoid, Effect.orDie)

    return {
      findEpisode,
      transcriptOf,
      listEpisodes,
      showExists,
      reportStatus,
      lockEpisode,
      insertEpisode,
      updateEpisode,
      replaceAudience,
      publishEpisode,
      unpublishEpisode,
      deleteEpisode,
      findAudio,
      episodeExists,
      lockEpisodeAudio,
      setEpisodeAudio,
      ...listeningQueries(sql),
    } as const
  }),
}) {}
