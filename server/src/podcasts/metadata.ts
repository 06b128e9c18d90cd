import { createHash } from "node:crypto"
import type { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { type AudioFormat, audioMimeTypes } from "@folio/core"
import { type IAudioMetadata, parseBuffer, parseFile, parseStream } from "music-metadata"

/** What the server reads from an audio file itself, never from its name or declared type. */
export interface AudioFacts {
  readonly format: AudioFormat
  readonly mimeType: string
  readonly durationSeconds: number
  /** Bits per second as the file says (the average for a variable bit rate), when it says. */
  readonly bitrate: number | null
}

/** MP4 brands (`ftyp`) of audio files: iTunes' M4A/M4B and the generic ISO ones encoders write. */
const mp4Brands = /(^|\/)(M4A|M4B|M4P|mp41|mp42|isom|iso[2-9]|dash|3gp\d?)($|\/)/i

const formatOf = (metadata: IAudioMetadata): AudioFormat | undefined => {
  const { container = "", codec = "", hasVideo } = metadata.format
  if (container === "MPEG" && /Layer 3$/.test(codec)) return "mp3"
  if (container === "WAVE") return "wav"
  if (mp4Brands.test(container) && hasVideo !== true) return "m4a"
  return undefined
}

/** What music-metadata said, in a few words, for the refusal. */
const described = (metadata: IAudioMetadata) => {
  const { container, codec, duration } = metadata.format
  const parts = [
    container ? `container ${container}` : "no container recognised",
    codec ? `codec ${codec}` : undefined,
    duration === undefined ? "no duration" : undefined,
  ]
  return parts.filter((part) => part !== undefined).join(", ")
}

/**
 * A parser's error without the server's file paths in it (music-metadata names the file it read:
 * "Failed to determine audio format: /var/…/uploads/<id>"), which the uploader must not see.
 */
export const withoutPaths = (message: string) =>
  message
    .replace(/:?\s*(?:[A-Za-z]:)?[\\/][^\s,;)]*/g, "")
    .replace(/^Failed to determine audio format$/, "its format was not recognised")
    .trim() || "its format was not recognised"

export const notAudioMessage = (what: string) => `This file is not MP3, M4A or WAV audio: ${what}`

/**
 * The format, duration and bit rate of an audio file, or why it is refused. `file` when it is on
 * disk (read in place), else a stream of it (read as far as music-metadata needs, then dropped).
 * `duration: true` lets music-metadata scan an MP3 without a Xing/VBRI header for its duration.
 */
export const readAudioFacts = async (
  source:
    | { readonly file: string }
    | { readonly stream: Readable; readonly size: number }
    | { readonly buffer: Uint8Array },
): Promise<
  { readonly ok: true; readonly facts: AudioFacts } | { readonly ok: false; readonly message: string }
> => {
  let metadata: IAudioMetadata
  try {
    const options = { duration: true, skipCovers: true }
    metadata =
      "file" in source
        ? await parseFile(source.file, options)
        : "buffer" in source
          ? await parseBuffer(source.buffer, undefined, options)
          : await parseStream(source.stream, { size: source.size }, options)
  } catch (error) {
    return {
      ok: false,
      message: notAudioMessage(withoutPaths(error instanceof Error ? error.message : String(error))),
    }
  } finally {
    if ("stream" in source) source.stream.destroy()
  }
  const format = formatOf(metadata)
  const duration = metadata.format.duration
  if (format === undefined || duration === undefined || !Number.isFinite(duration) || duration <= 0) {
    return { ok: false, message: notAudioMessage(described(metadata)) }
  }
  const bitrate = metadata.format.bitrate
  return {
    ok: true,
    facts: {
      format,
      mimeType: audioMimeTypes[format],
      durationSeconds: duration,
      bitrate: bitrate === undefined || !Number.isFinite(bitrate) ? null : Math.round(bitrate),
    },
  }
}

/** SHA-256 of a stream, hex. */
export const sha256Of = async (stream: Readable): Promise<string> => {
  const hash = createHash("sha256")
  await pipeline(stream, async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) hash.update(chunk)
  })
  return hash.digest("hex")
}

/**
 * How many bytes of a file hold its first `seconds` of audio: the IAB rule's "first minute" of a
 * download (the whole file when it is shorter). From the bit rate when known, else the average.
 */
export const bytesForSeconds = (
  audio: { readonly size: number; readonly bitrate: number | null; readonly durationSeconds: number },
  seconds: number,
) => {
  const perSecond =
    audio.bitrate !== null && audio.bitrate > 0
      ? audio.bitrate / 8
      : audio.size / Math.max(audio.durationSeconds, 1)
  return Math.min(audio.size, Math.ceil(perSecond * seconds))
}
