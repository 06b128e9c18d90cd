import { writeFile } from "node:fs/promises"

/**
 * A WAV file of a 440 Hz tone, 16-bit mono PCM at 8 kHz (16,000 bytes a second): a real audio
 * file the server's metadata reader measures, small enough to make in the test.
 */
export const toneWav = (seconds: number, sampleRate = 8000): Buffer => {
  const samples = Math.round(seconds * sampleRate)
  const dataBytes = samples * 2
  const wav = Buffer.alloc(44 + dataBytes)
  wav.write("RIFF", 0, "ascii")
  wav.writeUInt32LE(36 + dataBytes, 4)
  wav.write("WAVE", 8, "ascii")
  wav.write("fmt ", 12, "ascii")
  wav.writeUInt32LE(16, 16) // fmt chunk size
  wav.writeUInt16LE(1, 20) // PCM
  wav.writeUInt16LE(1, 22) // mono
  wav.writeUInt32LE(sampleRate, 24)
  wav.writeUInt32LE(sampleRate * 2, 28) // byte rate
  wav.writeUInt16LE(2, 32) // block align
  wav.writeUInt16LE(16, 34) // bits per sample
  wav.write("data", 36, "ascii")
  wav.writeUInt32LE(dataBytes, 40)
  for (let i = 0; i < samples; i++) {
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 8000), 44 + i * 2)
  }
  return wav
}

/** Writes a tone of `seconds` to `path` (a test's output folder) and answers the path. */
export const writeToneWav = async (path: string, seconds: number): Promise<string> => {
  await writeFile(path, toneWav(seconds))
  return path
}

/** The first byte a `Content-Range: bytes 240044-479999/480044` answer starts at, or null. */
export const contentRangeStart = (header: string | undefined): number | null => {
  const match = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(header ?? "")
  return match === null ? null : Number(match[1])
}
