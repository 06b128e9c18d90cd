import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Exit, Scope } from "effect"
import pg from "pg"
import { startEmbeddedPostgres } from "../../src/db/embedded.js"

/**
 * The PostgreSQL server tests run against: `DATABASE_URL` when set (CI's external server),
 * else an embedded one in a temporary folder, removed afterwards.
 */
export const acquirePostgres = async (): Promise<{ adminUrl: string; release: () => Promise<void> }> => {
  const external = process.env.DATABASE_URL
  if (external) return { adminUrl: external, release: async () => {} }
  const dir = mkdtempSync(join(tmpdir(), "folio-test-pg-"))
  const scope = Effect.runSync(Scope.make())
  const database = await Effect.runPromise(startEmbeddedPostgres(dir).pipe(Scope.extend(scope)))
  return {
    adminUrl: database.url,
    release: async () => {
      await Effect.runPromise(Scope.close(scope, Exit.void))
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export const withClient = async <A>(url: string, f: (client: pg.Client) => Promise<A>): Promise<A> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await f(client)
  } finally {
    await client.end()
  }
}

export const databaseUrl = (adminUrl: string, database: string): string => {
  const url = new URL(adminUrl)
  url.pathname = `/${database}`
  return url.toString()
}
