import pg from "pg"
import { freePort, type OwnServer, startServer } from "./server"

export interface ServerWithDatabase {
  readonly server: OwnServer
  /** A connection to the server's own database, for what no API does (renaming a table away). */
  readonly db: pg.Client
  /** Stops the server (which drops its database) and closes the connection. */
  readonly stop: () => Promise<void>
}

/**
 * A server of the test's own on a database of its own, for a change that would turn the suite's
 * other specs away (the configuration table gone, password sign-in off). Needs an external
 * PostgreSQL (`DATABASE_URL`): undefined without one, and the caller skips.
 */
export const startOwnServer = async (label: string): Promise<ServerWithDatabase | undefined> => {
  const external = process.env.DATABASE_URL
  if (external === undefined) return undefined
  const name = `${label}_${process.pid}_${Date.now().toString(36)}`
  const url = new URL(external)
  url.pathname = `/folio_e2e_kept_${name}`
  const server = await startServer(await freePort(), { E2E_DATABASE: name, E2E_DATABASE_DROP_ON_EXIT: "1" })
  const db = new pg.Client({ connectionString: url.toString() })
  try {
    await db.connect()
  } catch (error) {
    await server.stop()
    throw error
  }
  return {
    server,
    db,
    stop: async () => {
      await db.end().catch(() => undefined)
      await server.stop()
    },
  }
}
