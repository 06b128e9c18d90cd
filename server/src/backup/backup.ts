import { createReadStream, existsSync } from "node:fs"
import { lstat, readdir, rename, rm, stat } from "node:fs/promises"
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path"
import { Effect, Exit } from "effect"
import { version } from "../build-info.js"
import { type SourceEntry, writeArchive } from "./archive.js"
import { claimCluster, clusterDirOf, clusterMajor } from "./cluster.js"
import { type Manifest, manifestName } from "./manifest.js"
import { attempt, isRestoreLeftover } from "./shared.js"

/** PostgreSQL's files about the process running it (ours, during a backup), not the data. */
const notData = new Set(["postgres/postmaster.pid", "postgres/postmaster.opts"])

async function* walk(root: string, folder: string): AsyncGenerator<SourceEntry> {
  const names = (await readdir(join(root, folder))).sort()
  for (const name of names) {
    const path = folder === "" ? name : `${folder}/${name}`
    if (notData.has(path) || (folder === "" && (name === manifestName || isRestoreLeftover(name)))) continue
    const full = join(root, path)
    const info = await lstat(full)
    if (info.isDirectory()) {
      yield { path, type: "directory", mode: info.mode, size: 0 }
      yield* walk(root, path)
    } else if (info.isFile()) {
      yield { path, type: "file", mode: info.mode, size: info.size, content: () => createReadStream(full) }
    } else {
      throw new Error(`Cannot back up ${full}: only folders and regular files can be backed up.`)
    }
  }
}

async function* entriesOf(dataDir: string, manifest: Manifest): AsyncGenerator<SourceEntry> {
  const content = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)
  yield {
    path: manifestName,
    type: "file",
    mode: 0o600,
    size: content.length,
    content: async function* () {
      yield content
    },
  }
  yield* walk(dataDir, "")
}

const checkTarget = async (dataDir: string, target: string) => {
  const inside = relative(dataDir, target)
  if (inside === "" || (inside !== ".." && !inside.startsWith(`..${sep}`) && !isAbsolute(inside))) {
    throw new Error(
      `Write the backup outside the data folder ${dataDir}: one inside it would be copied into the next backup and lost with the folder.`,
    )
  }
  if (!existsSync(dirname(target))) throw new Error(`No such folder for the backup: ${dirname(target)}`)
  if (existsSync(target) && (await stat(target)).isDirectory()) {
    throw new Error(`${target} is a folder: name the backup file to write.`)
  }
}

/**
 * Copies the embedded database's data folder (the cluster, its password file and the other
 * files beside it) into `file`, as a compressed archive; replaces `file` only once it is
 * complete. The files are copied as they are, so the database must be stopped: a running
 * folio-server is refused, and none can start while the copy is made.
 */
export const backupEmbedded = (dataDirOption: string, file: string) =>
  Effect.gen(function* () {
    const dataDir = resolve(dataDirOption)
    const target = resolve(file)
    const clusterDir = clusterDirOf(dataDir)
    const postgresMajor = yield* attempt(() => clusterMajor(clusterDir))
    if (postgresMajor === undefined) {
      return yield* Effect.fail(
        new Error(
          `There is no embedded database in ${dataDir} yet. Start folio-server once to create it, or set FOLIO_DATA_DIR to the folder that holds it.`,
        ),
      )
    }
    yield* attempt(() => checkTarget(dataDir, target))
    const manifest: Manifest = {
      format: "folio-embedded-backup",
      version: 1,
      postgresMajor,
      folioVersion: version,
      createdAt: new Date().toISOString(),
    }
    const partial = `${target}.partial-${process.pid}`
    yield* Effect.acquireUseRelease(
      attempt(() => claimCluster(clusterDir, dataDir)),
      () =>
        Effect.acquireUseRelease(
          Effect.void,
          () =>
            attempt(() =>
              writeArchive(partial, entriesOf(dataDir, manifest)).then(() => rename(partial, target)),
            ),
          (_, exit) =>
            Exit.isSuccess(exit) ? Effect.void : Effect.promise(() => rm(partial, { force: true })),
        ),
      (claim) => Effect.promise(() => claim.release()),
    )
    const { size } = yield* attempt(() => stat(target))
    return { dataDir, file: target, size }
  })
