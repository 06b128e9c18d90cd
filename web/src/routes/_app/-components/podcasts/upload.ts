import { audioMaxBytes, audioMimeTypes } from "@folio/core"
import { formatBytes } from "./format"

const extensionType: Readonly<Record<string, string>> = {
  mp3: audioMimeTypes.mp3,
  m4a: audioMimeTypes.m4a,
  wav: audioMimeTypes.wav,
}

/** The limit as people read it: "500 MB" (core counts it in binary megabytes). */
export const audioLimitLabel = `${Math.round(audioMaxBytes / (1024 * 1024))} MB`

const extensionOf = (name: string): string =>
  name.includes(".") ? (name.split(".").pop()?.toLowerCase() ?? "") : ""

/** The type a file's name says it is, for a browser that gave none. */
export const audioTypeOf = (name: string): string =>
  extensionType[extensionOf(name)] ?? "application/octet-stream"

/**
 * Refused before a byte is sent: too big, empty, or plainly not one of the accepted kinds by its
 * name. The server has the last word, reading the bytes themselves.
 */
export const precheckAudio = (file: { readonly name: string; readonly size: number }): string | null => {
  if (file.size > audioMaxBytes)
    return `${file.name} is ${formatBytes(file.size)}; an episode’s audio may be at most ${audioLimitLabel}.`
  if (file.size === 0) return `${file.name} is empty.`
  if (!(extensionOf(file.name) in extensionType)) return `${file.name} is not an MP3, M4A or WAV file.`
  return null
}

/** Whole percent of an upload, never 100 before the last byte. */
export const percentOf = ({ sent, total }: { readonly sent: number; readonly total: number }): number =>
  total === 0 ? 0 : Math.floor((sent / total) * 100)
