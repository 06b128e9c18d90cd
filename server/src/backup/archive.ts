import { createReadStream, createWriteStream } from "node:fs"
import { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { createGunzip, createGzip } from "node:zlib"

/**
 * A backup is a gzip-compressed tar (POSIX ustar) archive, so `tar -tzf` lists it and `tar -xzf`
 * unpacks it by hand. Only what a data folder holds is written and read: folders and regular
 * files, with their permission bits.
 */

export interface EntryHeader {
  readonly path: string
  readonly type: "file" | "directory"
  readonly mode: number
  readonly size: number
}

export interface SourceEntry extends EntryHeader {
  /** A file's bytes; exactly `size` of them. */
  readonly content?: () => AsyncIterable<Buffer | Uint8Array>
}

/** Receives one file's bytes while the archive is read. */
export interface EntrySink {
  readonly write: (chunk: Buffer) => Promise<void>
  readonly end: () => Promise<void>
}

export class ArchiveError extends Error {}

const block = 512

const splitPath = (path: string): [prefix: string, name: string] => {
  if (Buffer.byteLength(path) <= 100) return ["", path]
  const cut = path.lastIndexOf("/", 155)
  const prefix = path.slice(0, cut)
  const name = path.slice(cut + 1)
  if (cut <= 0 || Buffer.byteLength(prefix) > 155 || Buffer.byteLength(name) > 100) {
    throw new ArchiveError(`Path too long for the archive: ${path}`)
  }
  return [prefix, name]
}

const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, "0")}\0`

const headerOf = (entry: EntryHeader) => {
  const header = Buffer.alloc(block)
  const [prefix, name] = splitPath(entry.type === "directory" ? `${entry.path}/` : entry.path)
  header.write(name, 0, 100, "utf8")
  header.write(octal(entry.mode & 0o7777, 8), 100, "ascii")
  header.write(octal(0, 8), 108, "ascii")
  header.write(octal(0, 8), 116, "ascii")
  header.write(octal(entry.type === "file" ? entry.size : 0, 12), 124, "ascii")
  header.write(octal(Math.floor(Date.now() / 1000), 12), 136, "ascii")
  header.write(entry.type === "file" ? "0" : "5", 156, "ascii")
  header.write("ustar\0" + "00", 257, "ascii")
  header.write(prefix, 345, 155, "utf8")
  // The checksum is the sum of the header's bytes with its own field read as spaces.
  header.fill(" ", 148, 156)
  const sum = header.reduce((total, byte) => total + byte, 0)
  header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii")
  return header
}

const field = (header: Buffer, start: number, length: number) => {
  const raw = header.subarray(start, start + length)
  const end = raw.indexOf(0)
  return raw.subarray(0, end === -1 ? length : end).toString("utf8")
}

const octalField = (header: Buffer, start: number, length: number) => {
  const text = field(header, start, length).trim()
  return /^[0-7]+$/.test(text) ? Number.parseInt(text, 8) : Number.NaN
}

const parseHeader = (header: Buffer): EntryHeader => {
  const stored = octalField(header, 148, 8)
  const copy = Buffer.from(header)
  copy.fill(" ", 148, 156)
  const sum = copy.reduce((total, byte) => total + byte, 0)
  if (field(header, 257, 6) !== "ustar" || stored !== sum) {
    throw new ArchiveError("not a tar archive")
  }
  const prefix = field(header, 345, 155)
  const name = field(header, 0, 100)
  const path = (prefix === "" ? name : `${prefix}/${name}`).replace(/\/$/, "")
  const flag = field(header, 156, 1)
  const type = flag === "5" ? "directory" : flag === "0" || flag === "" ? "file" : undefined
  const mode = octalField(header, 100, 8)
  const size = octalField(header, 124, 12)
  if (type === undefined) throw new ArchiveError(`${path}: unsupported entry type "${flag}"`)
  if (Number.isNaN(mode) || Number.isNaN(size)) throw new ArchiveError(`${path}: damaged header`)
  return { path, type, mode, size: type === "file" ? size : 0 }
}

async function* blocksOf(entries: AsyncIterable<SourceEntry>) {
  for await (const entry of entries) {
    yield headerOf(entry)
    if (entry.type !== "file") continue
    let written = 0
    for await (const chunk of entry.content?.() ?? []) {
      written += chunk.length
      if (written > entry.size) break
      yield chunk
    }
    if (written !== entry.size) {
      throw new ArchiveError(`${entry.path} changed while it was copied`)
    }
    if (entry.size % block !== 0) yield Buffer.alloc(block - (entry.size % block))
  }
  // Two empty blocks end a tar archive.
  yield Buffer.alloc(2 * block)
}

/** Writes `entries` to `file` (created with mode 0600; an existing file is an error). */
export const writeArchive = (file: string, entries: AsyncIterable<SourceEntry>) =>
  pipeline(
    Readable.from(blocksOf(entries)),
    createGzip(),
    createWriteStream(file, { flags: "wx", mode: 0o600 }),
  )

/**
 * Reads `file`, handing each entry to `open` and a file's bytes to the sink it returns, in
 * order. Fails with an ArchiveError when the file is not a complete archive.
 */
export const readArchive = (file: string, open: (entry: EntryHeader) => Promise<EntrySink | undefined>) =>
  pipeline(createReadStream(file), createGunzip(), async (source: AsyncIterable<Buffer>) => {
    let pending: Buffer = Buffer.alloc(0)
    let current: { sink: EntrySink | undefined; remaining: number; padding: number } | undefined
    let ended = false
    for await (const chunk of source) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk])
      while (!ended) {
        if (current) {
          if (current.remaining > 0) {
            if (pending.length === 0) break
            const take = Math.min(pending.length, current.remaining)
            await current.sink?.write(pending.subarray(0, take))
            pending = pending.subarray(take)
            current.remaining -= take
            continue
          }
          if (pending.length < current.padding) break
          pending = pending.subarray(current.padding)
          await current.sink?.end()
          current = undefined
          continue
        }
        if (pending.length < block) break
        const header = pending.subarray(0, block)
        pending = pending.subarray(block)
        if (header.every((byte) => byte === 0)) {
          ended = true
          break
        }
        const entry = parseHeader(header)
        current = {
          sink: await open(entry),
          remaining: entry.size,
          padding: (block - (entry.size % block)) % block,
        }
      }
    }
    if (!ended) throw new ArchiveError("the archive ends before its last entry")
  })

/**
 * The first entry of `file` and its bytes (at most `limit` of them), read without going further;
 * an ArchiveError when the file does not start like an archive.
 */
export const readFirstEntry = async (file: string, limit: number) => {
  let found: { entry: EntryHeader; content: Buffer } | undefined
  let stopped = false
  await pipeline(createReadStream(file), createGunzip(), async (source: AsyncIterable<Buffer>) => {
    let pending: Buffer = Buffer.alloc(0)
    for await (const chunk of source) {
      pending = Buffer.concat([pending, chunk])
      if (pending.length < block) continue
      const entry = parseHeader(pending.subarray(0, block))
      if (entry.type === "file" && entry.size <= limit && pending.length < block + entry.size) continue
      if (entry.type === "file" && entry.size <= limit) {
        found = { entry, content: pending.subarray(block, block + entry.size) }
      }
      stopped = true
      return
    }
  }).catch((error: unknown) => {
    // Leaving the rest unread aborts the pipeline.
    if (!(stopped && error instanceof Error && error.name === "AbortError")) throw error
  })
  return found
}
