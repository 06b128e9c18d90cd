import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Effect, Redacted, String as Str } from "effect"
import pg from "pg"
import type { TestProject } from "vitest/node"
import { migrateJobQueue, runMigrations } from "../../src/db/migrations.js"
import { acquirePostgres, databaseUrl, withClient } from "./postgres.js"

/**
 * Once per run: a migrated template database. Each test file then clones it (`CREATE DATABASE
 * … TEMPLATE`), which takes milliseconds, so files run in parallel on their own data.
 */
export default async function setup(project: TestProject) {
  // The podcast audio the run's test servers store (support/config.ts), removed when it ends. Set
  // before the workers start, so they inherit it.
  const mediaDir = mkdtempSync(join(tmpdir(), "folio-test-media-"))
  process.env.FOLIO_TEST_MEDIA_DIR = mediaDir
  const { adminUrl, release } = await acquirePostgres()
  const template = `folio_template_${process.pid}_${Date.now().toString(36)}`
  await withClient(adminUrl, (c) => c.query(`create database ${template}`))
  await Effect.runPromise(
    Effect.gen(function* () {
      yield* SqlClient.SqlClient
      yield* runMigrations
    }).pipe(
      Effect.provide(
        PgClient.layer({
          url: Redacted.make(databaseUrl(adminUrl, template)),
          transformResultNames: Str.snakeToCamel,
          transformQueryNames: Str.camelToSnake,
        }),
      ),
    ),
  )
  const pool = new pg.Pool({ connectionString: databaseUrl(adminUrl, template), max: 2 })
  pool.on("error", () => {})
  pool.on("connect", (client) => client.on("error", () => {}))
  await Effect.runPromise(migrateJobQueue(pool)).finally(() => pool.end())
  project.provide("pgAdminUrl", adminUrl)
  project.provide("pgTemplate", template)
  return async () => {
    await withClient(adminUrl, async (c) => {
      const rows = await c.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`folio_t_${process.pid}_%`],
      )
      for (const { datname } of rows.rows) await c.query(`drop database if exists ${datname} with (force)`)
      await c.query(`drop database if exists ${template} with (force)`)
    })
    await release()
    rmSync(mediaDir, { recursive: true, force: true })
  }
}
