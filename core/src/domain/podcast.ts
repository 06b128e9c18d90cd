import { Schema } from "effect"
import { EpisodeId, ReportId, ShowId } from "../ids.js"
import { Page, PageParams } from "../schema/pagination.js"
import { multiLineText, singleLineText } from "../schema/text.js"
import { AudienceEntry, AudienceEntryInput } from "./report.js"

/**
 * Podcasts: shows and their episodes. Editors and admins manage them (`podcasts.manage`); everyone
 * signed in hears the published episodes whose audience names them (`podcasts.listen`), in the
 * console and in a private feed per show for podcast apps, authorised by their feed token.
 * Audio is uploaded with the tus resumable-upload protocol at `podcastUploadPath`.
 */

/** Where the tus resumable uploads go (outside the JSON API: the body is the audio itself). */
export const podcastUploadPath = "/api/podcasts/uploads"

/** The largest audio file an episode may have. */
export const audioMaxBytes = 500 * 1024 * 1024

/** The formats the server accepts, by what the file itself says it is. */
export const AudioFormat = Schema.Literal("mp3", "m4a", "wav")
export type AudioFormat = typeof AudioFormat.Type
export const audioMimeTypes: Record<AudioFormat, string> = {
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  wav: "audio/wav",
}

/** A play counts once this much of an episode was heard (or, from a feed, downloaded). */
export const playCountsAfterSeconds = 60

/**
 * Apple Podcasts' categories a research house would use, "Parent > Child" for a subcategory
 * (written as nested `itunes:category` elements in a feed).
 */
export const podcastCategories = [
  "Business",
  "Business > Investing",
  "Business > Management",
  "Business > Marketing",
  "Business > Entrepreneurship",
  "Business > Careers",
  "News",
  "News > Business News",
  "News > Tech News",
  "News > Politics",
  "News > Daily News",
  "Technology",
  "Education",
  "Science",
  "Government",
  "Society & Culture",
] as const
export const PodcastCategory = Schema.Literal(...podcastCategories).annotations({
  message: () => `category must be one of ${podcastCategories.join(", ")}`,
})
export type PodcastCategory = typeof PodcastCategory.Type

export const ShowTitle = Schema.Trim.pipe(
  Schema.minLength(1, { message: () => "Title cannot be empty" }),
  Schema.maxLength(200, { message: () => "Title must be at most 200 characters" }),
  singleLineText("Title"),
)
export const ShowDescription = Schema.Trim.pipe(
  Schema.maxLength(4000, { message: () => "Description must be at most 4,000 characters" }),
  multiLineText("Description"),
)
/** A BCP 47 language tag as podcast apps read it: `en`, `en-GB`, `de`. */
export const ShowLanguage = Schema.Trim.pipe(
  Schema.pattern(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, {
    message: () => "Language must be a language tag such as en, en-GB or de",
  }),
  Schema.maxLength(35, { message: () => "Language must be at most 35 characters" }),
)

export const EpisodeTitle = Schema.Trim.pipe(
  Schema.minLength(3, { message: () => "Title must be at least 3 characters" }),
  Schema.maxLength(200, { message: () => "Title must be at most 200 characters" }),
  singleLineText("Title"),
)
export const EpisodeNotes = Schema.String.pipe(
  Schema.maxLength(20_000, { message: () => "Notes must be at most 20,000 characters" }),
  multiLineText("Notes"),
)
export const EpisodeTranscript = Schema.String.pipe(
  Schema.maxLength(300_000, { message: () => "A transcript must be at most 300,000 characters" }),
  multiLineText("Transcript"),
)
export const SeasonNumber = Schema.Int.pipe(
  Schema.between(1, 9999, { message: () => "Season must be a whole number from 1 to 9999" }),
)
export const EpisodeNumber = Schema.Int.pipe(
  Schema.between(1, 99_999, { message: () => "Episode number must be a whole number from 1 to 99999" }),
)

export const EpisodeStatus = Schema.Literal("draft", "published")
export type EpisodeStatus = typeof EpisodeStatus.Type

// ---------------------------------------------------------------------------------------------
// Shows

export const Show = Schema.Struct({
  id: ShowId,
  title: Schema.String,
  description: Schema.String,
  language: Schema.String,
  category: PodcastCategory,
  explicit: Schema.Boolean,
  /** Set once artwork is uploaded; changes with it (a cache key for its address). */
  artworkUpdatedAt: Schema.NullOr(Schema.Date),
  /** Episodes in the show; for a listener, the episodes they may hear. */
  episodeCount: Schema.Int,
  publishedCount: Schema.Int,
  latestPublishedAt: Schema.NullOr(Schema.Date),
  createdAt: Schema.Date,
  updatedAt: Schema.Date,
})
export type Show = typeof Show.Type

export const CreateShow = Schema.Struct({
  title: ShowTitle,
  description: Schema.optionalWith(ShowDescription, { default: () => "" }),
  language: Schema.optionalWith(ShowLanguage, { default: () => "en" }),
  category: Schema.optionalWith(PodcastCategory, { default: () => "Business > Investing" as const }),
  explicit: Schema.optionalWith(Schema.Boolean, { default: () => false }),
})
export type CreateShow = typeof CreateShow.Type

export const UpdateShow = Schema.Struct({
  title: Schema.optional(ShowTitle),
  description: Schema.optional(ShowDescription),
  language: Schema.optional(ShowLanguage),
  category: Schema.optional(PodcastCategory),
  explicit: Schema.optional(Schema.Boolean),
})
export type UpdateShow = typeof UpdateShow.Type

/** Show artwork: a square PNG or JPEG, 1400–3000 px as podcast apps ask, at most this size. */
export const artworkMaxBytes = 5 * 1024 * 1024

// ---------------------------------------------------------------------------------------------
// Episodes

/** What the server read from the uploaded file itself. */
export const EpisodeAudio = Schema.Struct({
  format: AudioFormat,
  mimeType: Schema.String,
  durationSeconds: Schema.Number,
  /** Bits per second, as the file says (average for a variable bit rate). */
  bitrate: Schema.NullOr(Schema.Int),
  sizeBytes: Schema.Int,
  /** SHA-256 of the stored file, hex. */
  sha256: Schema.String,
  originalName: Schema.String,
  uploadedAt: Schema.Date,
})
export type EpisodeAudio = typeof EpisodeAudio.Type

export const EpisodeReport = Schema.Struct({ id: ReportId, title: Schema.String })
export type EpisodeReport = typeof EpisodeReport.Type

export const Episode = Schema.Struct({
  id: EpisodeId,
  showId: ShowId,
  showTitle: Schema.String,
  /** Stable for good: podcast apps know an episode by it. */
  guid: Schema.String,
  title: Schema.String,
  /** Markdown. */
  notes: Schema.String,
  hasTranscript: Schema.Boolean,
  /** The transcript itself: in the answer about one episode only (`GET /podcasts/episodes/{id}`). */
  transcript: Schema.optional(Schema.NullOr(Schema.String)),
  season: Schema.NullOr(Schema.Int),
  number: Schema.NullOr(Schema.Int),
  /** The linked report, when the caller may read it. */
  report: Schema.NullOr(EpisodeReport),
  /** Publish with the linked report, to its audience (replaces `audience` when it does). */
  followReport: Schema.Boolean,
  audience: Schema.Array(AudienceEntry),
  status: EpisodeStatus,
  publishedAt: Schema.NullOr(Schema.Date),
  audio: Schema.NullOr(EpisodeAudio),
  /** The caller's place in it, for resuming. */
  position: Schema.NullOr(
    Schema.Struct({ seconds: Schema.Number, completed: Schema.Boolean, updatedAt: Schema.Date }),
  ),
  createdAt: Schema.Date,
  updatedAt: Schema.Date,
})
export type Episode = typeof Episode.Type

export const EpisodePage = Page(Episode)
export type EpisodePage = typeof EpisodePage.Type

export const EpisodeListParams = Schema.Struct({
  ...PageParams.fields,
  showId: Schema.optional(ShowId),
  /** `manage` (editors and admins): drafts too. Otherwise what the caller may hear. */
  scope: Schema.optional(Schema.Literal("listen", "manage")),
  status: Schema.optional(EpisodeStatus),
})
export type EpisodeListParams = typeof EpisodeListParams.Type

const EpisodeFields = {
  title: EpisodeTitle,
  notes: EpisodeNotes,
  transcript: Schema.NullOr(EpisodeTranscript),
  season: Schema.NullOr(SeasonNumber),
  number: Schema.NullOr(EpisodeNumber),
  reportId: Schema.NullOr(ReportId),
  followReport: Schema.Boolean,
  audience: Schema.Array(AudienceEntryInput).pipe(
    Schema.maxItems(200, { message: () => "At most 200 audience entries" }),
  ),
}

export const CreateEpisode = Schema.Struct({
  title: EpisodeFields.title,
  notes: Schema.optionalWith(EpisodeFields.notes, { default: () => "" }),
  transcript: Schema.optionalWith(EpisodeFields.transcript, { default: () => null }),
  season: Schema.optionalWith(EpisodeFields.season, { default: () => null }),
  number: Schema.optionalWith(EpisodeFields.number, { default: () => null }),
  reportId: Schema.optionalWith(EpisodeFields.reportId, { default: () => null }),
  followReport: Schema.optionalWith(EpisodeFields.followReport, { default: () => false }),
  /** Who may hear it once published; all clients when left out. */
  audience: Schema.optionalWith(EpisodeFields.audience, {
    default: () => [{ companyId: null, teamId: null, embargoHours: 0 }],
  }),
})
export type CreateEpisode = typeof CreateEpisode.Type

export const UpdateEpisode = Schema.Struct({
  title: Schema.optional(EpisodeFields.title),
  notes: Schema.optional(EpisodeFields.notes),
  transcript: Schema.optional(EpisodeFields.transcript),
  season: Schema.optional(EpisodeFields.season),
  number: Schema.optional(EpisodeFields.number),
  reportId: Schema.optional(EpisodeFields.reportId),
  followReport: Schema.optional(EpisodeFields.followReport),
  audience: Schema.optional(EpisodeFields.audience),
})
export type UpdateEpisode = typeof UpdateEpisode.Type

/** Where a listener is in an episode, sent by the player every few seconds and on pause. */
export const PlaybackPosition = Schema.Struct({
  seconds: Schema.Number.pipe(
    Schema.between(0, 86_400, { message: () => "seconds must be between 0 and 86,400" }),
  ),
  /** Seconds actually heard since the previous report (not skipped over), at most 120. */
  heardSeconds: Schema.optionalWith(
    Schema.Number.pipe(Schema.between(0, 120, { message: () => "heardSeconds must be between 0 and 120" })),
    { default: () => 0 },
  ),
  completed: Schema.optionalWith(Schema.Boolean, { default: () => false }),
})
export type PlaybackPosition = typeof PlaybackPosition.Type

export const PlaybackResult = Schema.Struct({
  /** True when this report made the heard time cross `playCountsAfterSeconds`: a play counted. */
  playCounted: Schema.Boolean,
})
export type PlaybackResult = typeof PlaybackResult.Type

/** Formats a duration as podcast apps and people read it: `1:02:03`, `4:05`. */
export const formatDuration = (totalSeconds: number): string => {
  const s = Math.max(0, Math.round(totalSeconds))
  const hours = Math.floor(s / 3600)
  const minutes = Math.floor((s % 3600) / 60)
  const seconds = s % 60
  const two = (n: number) => String(n).padStart(2, "0")
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`
}
