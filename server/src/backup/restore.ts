import { existsSync } from "node:fs"
import { chmod, chown, type FileHandle, mkdir, open, readdir, rename, rm } from "node:fs/promises"
import { join, resolve } from "node:path"
import { Effect, Predicate } from "effect"
import { startEmbeddedPostgres } from "../db/embedded.js"
import { ArchiveError, type EntryHeader, readArchive } from "./archive.js"
import { claimCluster, clusterDirOf, clusterOwner } from "./cluster.js"
import { inspectBackup, manifestName } from "./manifest.js"
import { asideSuffix, attempt, stagedSuffix } from "./shared.js"

const unsafe = (path: string) =>
  path.startsWith("/") || path.split("/").some((part) => part === "" || part === "." || part === "..")

const writeAll = async (handle: FileHandle, chunk: Buffer) => {
  let offset = 0
  while (offset < chunk.length) offset += (await handle.write(chunk, offset)).bytesWritten
}

/**
 * Unpacks the backup's items into `<item>.restoring` beside the data folder's own; returns the
 * top-level items. As root, the cluster's files go to the `postgres` user PostgreSQL runs as.
 */
const stage = async (file: string, dataDir: string) => {
  const items = new Set<string>()
  const owner = await clusterOwner()
  let handle: FileHandle | undefined
  const place = async (entry: EntryHeader, target: string, top: string) => {
    const mode = entry.mode & 0o777
    if (entry.type === "directory") await mkdir(target, { mode })
    else handle = await open(target, "wx", mode)
    await chmod(target, mode)
    if (owner && top === "postgres") await chown(target, owner.uid, owner.gid)
  }
  try {
    await readArchive(file, async (entry) => {
      if (entry.path === manifestName) return undefined
      const [top = "", ...rest] = entry.path.split("/")
      if (unsafe(entry.path) || top.endsWith(stagedSuffix) || top.endsWith(asideSuffix)) {
        throw new ArchiveError(`unexpected entry ${entry.path}`)
      }
      items.add(top)
      await place(entry, join(dataDir, `${top}${stagedSuffix}`, ...rest), top)
      if (entry.type === "directory") return undefined
      return {
        write: (chunk) => (handle ? writeAll(handle, chunk) : Promise.resolve()),
        end: async () => {
          await handle?.close()
          handle = undefined
        },
      }
    })
  } catch (error) {
    // A damaged archive, or a gzip stream that breaks off (zlib's errors have codes Z_…).
    const zlib = Predicate.hasProperty(error, "code") && String(error.code).startsWith("Z_")
    if (error instanceof ArchiveError || (error instanceof Error && zlib)) {
      throw new Error(`${file} is damaged or incomplete (${error.message}); nothing was changed.`)
    }
    throw error
  } finally {
    await handle?.close()
  }
  if (!existsSync(join(dataDir, `postgres${stagedSuffix}`, "PG_VERSION"))) {
    throw new Error(`${file} holds no database; nothing was changed.`)
  }
  return [...items]
}

/** Staged items of a restore that failed, or was stopped, before they were moved in place. */
const removeStaged = async (dataDir: string) => {
  for (const name of await readdir(dataDir)) {
    if (name.endsWith(stagedSuffix)) await rm(join(dataDir, name), { recursive: true, force: true })
  }
}

/** Moves each staged item in place, the one it replaces aside; returns how to undo it. */
const swap = async (dataDir: string, items: ReadonlyArray<string>) => {
  const movedAside: Array<string> = []
  const placed: Array<string> = []
  const undo = async () => {
    for (const item of placed) await rm(join(dataDir, item), { recursive: true, force: true })
    for (const item of movedAside) await rename(join(dataDir, `${item}${asideSuffix}`), join(dataDir, item))
  }
  try {
    for (const item of items) {
      const current = join(dataDir, item)
      if (existsSync(current)) {
        await rename(current, `${current}${asideSuffix}`)
        movedAside.push(item)
      }
      await rename(`${current}${stagedSuffix}`, current)
      placed.push(item)
    }
  } catch (error) {
    await undo()
    throw error
  }
  return {
    undo,
    discardAside: () =>
      Promise.all(
        movedAside.map((item) =>
          rm(join(dataDir, `${item}${asideSuffix}`), { recursive: true, force: true }),
        ),
      ),
  }
}

/** Starts the restored cluster with its password and stops it again. */
const verify = (dataDir: string) => Effect.scoped(startEmbeddedPostgres(dataDir))

/**
 * Replaces the embedded database (the data folder's items that the backup holds) with the
 * backup `file`. Refused while folio-server runs on the folder; the replaced items are kept
 * aside until the restored database has started once, and put back if it does not.
 */
export const restoreEmbedded = (dataDirOption: string, file: string) =>
  Effect.gen(function* () {
    const dataDir = resolve(dataDirOption)
    const manifest = yield* attempt(() => inspectBackup(file))
    const clusterDir = clusterDirOf(dataDir)
    yield* attempt(async () => {
      await mkdir(clusterDir, { recursive: true, mode: 0o700 })
      const names = await readdir(dataDir)
      const aside = names.find((name) => name.endsWith(asideSuffix))
      if (aside !== undefined) {
        const item = join(dataDir, aside.slice(0, -asideSuffix.length))
        throw new Error(
          `An earlier restore did not finish: ${item}${asideSuffix} holds what was there before it. Move it back to ${item} (or delete it), then try again.`,
        )
      }
    })
    yield* Effect.acquireUseRelease(
      attempt(() => claimCluster(clusterDir, dataDir)),
      () =>
        Effect.gen(function* () {
          yield* attempt(() => removeStaged(dataDir))
          const items = yield* attempt(() => stage(file, dataDir)).pipe(
            Effect.tapError(() => Effect.promise(() => removeStaged(dataDir))),
          )
          const swapped = yield* attempt(() => swap(dataDir, items))
          yield* verify(dataDir).pipe(
            Effect.catchAll((error) =>
              attempt(() => swapped.undo()).pipe(
                Effect.zipRight(
                  Effect.fail(
                    new Error(
                      `The restored database did not start, so the previous one was put back: ${error.message}`,
                    ),
                  ),
                ),
              ),
            ),
          )
          yield* attempt(() => swapped.discardAside())
        }),
      (claim) => Effect.promise(() => claim.release()),
    )
    return { dataDir, file: resolve(file), manifest }
  })
