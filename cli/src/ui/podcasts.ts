import { type Episode, formatDuration, plural, type Show } from "@folio/core"
import type { EpisodeList, PublishedEpisode, ShowList } from "../services/podcasts.js"
import type { UploadResult } from "../services/podcastUpload.js"
import { formatDate, formatDateTime } from "./format.js"
import { formatBytes } from "./importProgress.js"
import type { Output } from "./output.js"
import { renderMoreNote } from "./paging.js"
import { renderDone, renderJson, renderNote } from "./render.js"
import { type Column, renderRecord, renderTable } from "./table.js"

const showColumns: ReadonlyArray<Column<Show>> = [
  { header: "TITLE", value: (show) => show.title, flexible: true },
  { header: "EPISODES", value: (show) => String(show.episodeCount) },
  { header: "PUBLISHED", value: (show) => String(show.publishedCount) },
  {
    header: "LATEST",
    value: (show) => (show.latestPublishedAt === null ? "-" : formatDate(show.latestPublishedAt)),
    optional: true,
  },
  { header: "CATEGORY", value: (show) => show.category, optional: true },
  { header: "ID", value: (show) => show.id, tone: () => "gray" },
]

export const renderShowList = async (result: ShowList, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  if (result.shows.length === 0) {
    renderNote("No shows you can see. Editors create them in the console at /podcasts/admin.", out)
    return
  }
  await renderTable(showColumns, result.shows, out)
}

const duration = (episode: Episode): string =>
  episode.audio === null ? "no audio" : formatDuration(episode.audio.durationSeconds)

const episodeColumns: ReadonlyArray<Column<Episode>> = [
  { header: "SHOW", value: (episode) => episode.showTitle, optional: true },
  { header: "TITLE", value: (episode) => episode.title, flexible: true },
  {
    header: "STATUS",
    value: (episode) => episode.status,
    tone: (episode) => (episode.status === "draft" ? "yellow" : "green"),
  },
  {
    header: "DURATION",
    value: duration,
    tone: (episode) => (episode.audio === null ? "gray" : undefined),
  },
  {
    header: "PUBLISHED",
    value: (episode) => (episode.publishedAt === null ? "-" : formatDateTime(episode.publishedAt)),
  },
  { header: "ID", value: (episode) => episode.id, tone: () => "gray" },
]

export const renderEpisodeList = async (result: EpisodeList, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  if (result.episodes.length === 0) {
    const where = result.show === null ? "" : ` in "${result.show.title}"`
    renderNote(
      result.scope === "manage"
        ? `No episodes${where} yet. Add one with \`folio podcasts upload FILE --show SHOW\`.`
        : `No episodes${where} you may hear yet.`,
      out,
    )
  } else await renderTable(episodeColumns, result.episodes, out)
  renderMoreNote("episodes", result.nextCursor, out)
}

export const renderPublished = async (result: PublishedEpisode, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  const { episode } = result
  renderDone(`Published "${episode.title}" in "${episode.showTitle}".`, out)
  await renderRecord(
    [
      ["id", episode.id],
      ["published", episode.publishedAt === null ? "-" : formatDateTime(episode.publishedAt)],
      ["duration", duration(episode)],
      ["guid", episode.guid],
    ],
    out,
  )
}

export const renderUploaded = async (result: UploadResult, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  const { episode } = result
  const audio = episode.audio
  renderDone(
    `Uploaded ${result.file.name} (${formatBytes(result.file.size)}) to ${result.created ? "the new draft" : "the episode"} "${episode.title}" in "${episode.showTitle}".`,
    out,
  )
  await renderRecord(
    [
      ["id", episode.id],
      ["status", episode.status],
      ["duration", audio === null ? "-" : formatDuration(audio.durationSeconds)],
      ["format", audio === null ? "-" : `${audio.format} (${audio.mimeType})`],
      ["bitrate", audio?.bitrate == null ? "-" : `${Math.round(audio.bitrate / 1000)} kbit/s`],
      ["size", audio === null ? "-" : `${formatBytes(audio.sizeBytes)} (${plural(audio.sizeBytes, "byte")})`],
      ["sha256", audio?.sha256 ?? "-"],
    ],
    out,
  )
  if (episode.status === "draft")
    renderNote(
      episode.followReport
        ? "It publishes with its linked report's release."
        : `Publish it with: folio podcasts publish ${episode.id}`,
      out,
    )
}
