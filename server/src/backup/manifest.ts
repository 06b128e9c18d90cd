import { open, stat } from "node:fs/promises"
import { Predicate, Schema } from "effect"
import { ArchiveError, readFirstEntry } from "./archive.js"
import { embeddedMajor } from "./cluster.js"

/** The first entry of every backup: what it is and which PostgreSQL wrote its files. */
export const manifestName = "folio-backup.json"

export const Manifest = Schema.Struct({
  format: Schema.Literal("folio-embedded-backup"),
  version: Schema.Literal(1),
  postgresMajor: Schema.String,
  folioVersion: Schema.String,
  createdAt: Schema.String,
})
export type Manifest = typeof Manifest.Type

const decodeManifest = Schema.decodeUnknownOption(Schema.parseJson(Manifest))

const errorCode = (error: unknown) => (Predicate.hasProperty(error, "code") ? String(error.code) : "")

const firstBytes = async (file: string, count: number) => {
  const handle = await open(file, "r")
  try {
    const buffer = Buffer.alloc(count)
    const { bytesRead } = await handle.read(buffer, 0, count, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/** The manifest of the backup `file`, or an error that says what `file` is instead. */
export const inspectBackup = async (file: string): Promise<Manifest> => {
  const info = await stat(file).catch((error: unknown) => {
    throw errorCode(error) === "ENOENT" ? new Error(`No such file: ${file}`) : error
  })
  if (info.isDirectory()) throw new Error(`${file} is a folder, not a backup file.`)
  const notBackup = new Error(
    `${file} is not a folio-server backup (a file made by \`folio-server backup\`).`,
  )
  const head = await firstBytes(file, 5)
  if (head.toString("latin1") === "PGDMP") {
    throw new Error(
      `${file} is a pg_dump archive, not a folio-server backup: restore it into an external database with pg_restore (see docs/operations.md).`,
    )
  }
  if (head[0] !== 0x1f || head[1] !== 0x8b) throw notBackup
  const first = await readFirstEntry(file, 64 * 1024).catch((error: unknown) => {
    // A damaged archive, or gzip data that is not one (zlib's errors have codes Z_…).
    if (error instanceof ArchiveError || errorCode(error).startsWith("Z_")) return undefined
    throw error
  })
  if (first === undefined || first.entry.path !== manifestName) throw notBackup
  const manifest = decodeManifest(first.content.toString("utf8"))
  if (manifest._tag === "None") throw notBackup
  const major = await embeddedMajor()
  if (manifest.value.postgresMajor !== major) {
    throw new Error(
      `${file} holds PostgreSQL ${manifest.value.postgresMajor} files (folio-server ${manifest.value.folioVersion}), and this folio-server runs PostgreSQL ${major}. Restore it with the folio-server version that made it.`,
    )
  }
  return manifest.value
}
