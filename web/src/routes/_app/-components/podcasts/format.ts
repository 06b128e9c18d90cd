import type { AudioFormat, Episode, EpisodeStatus } from "@folio/core"

const bytesFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 })

/** "812 B", "4.2 MB", "1.3 GB" (decimal units, as file managers and podcast hosts show them). */
export const formatBytes = (bytes: number): string => {
  if (bytes < 1000) return `${Math.round(bytes)} B`
  const units = ["kB", "MB", "GB", "TB"] as const
  let value = bytes / 1000
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit += 1
  }
  return `${bytesFormat.format(value)} ${units[unit]}`
}

/** "3.4 MB/s" */
export const formatRate = (bytesPerSecond: number): string => `${formatBytes(bytesPerSecond)}/s`

/** "128 kbit/s" */
export const formatBitrate = (bitsPerSecond: number): string =>
  `${Math.round(bitsPerSecond / 1000).toLocaleString()} kbit/s`

export const formatLabels: Record<AudioFormat, string> = { mp3: "MP3", m4a: "M4A", wav: "WAV" }

export const episodeStatusLabels: Record<EpisodeStatus, string> = { draft: "Draft", published: "Published" }

/** "Season 2 · Episode 14", "Episode 3", or nothing. */
export const episodeNumbering = (episode: Pick<Episode, "season" | "number">): string | null => {
  const parts = [
    episode.season === null ? null : `Season ${episode.season}`,
    episode.number === null ? null : `Episode ${episode.number}`,
  ].filter((part) => part !== null)
  return parts.length === 0 ? null : parts.join(" · ")
}

/** The playback speeds the player offers. */
export const playbackRates = [0.75, 1, 1.25, 1.5, 1.75, 2] as const

export const rateLabel = (rate: number): string => `${rate}×`

/** The file extensions an upload may have; the server decides by the bytes themselves. */
export const acceptedAudio = ".mp3,.m4a,.wav,audio/mpeg,audio/mp4,audio/x-m4a,audio/wav,audio/x-wav"
