import { randomBytes } from "node:crypto"
import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Effect, Redacted, String as Str } from "effect"
import { inject } from "vitest"
import { databaseUrl, withClient } from "./postgres.js"

/** Provided by globalSetup.ts for every test file. */
declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string
    pgTemplate: string
  }
}

/** A fresh, migrated database for one test file; dropped when the run ends. */
export const freshDatabase = async (): Promise<string> => {
  const adminUrl = inject("pgAdminUrl")
  const template = inject("pgTemplate")
  const name = `folio_t_${template.split("_")[2]}_${randomBytes(5).toString("hex")}`
  for (let attempt = 0; ; attempt++) {
    try {
      await withClient(adminUrl, (c) => c.query(`create database ${name} template ${template}`))
      break
    } catch (error) {
      // Two files cloning the template at the same instant can collide; a retry settles it.
      if (attempt >= 5) throw error
      await new Promise((r) => setTimeout(r, 100 * (attempt + 1)))
    }
  }
  return databaseUrl(adminUrl, name)
}

/** Runs an effect that needs a SqlClient against `url` (one pool per call), dying on errors. */
export const queryAt =
  (url: () => string) =>
  <A>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>): Promise<A> =>
    Effect.runPromise(
      Effect.flatMap(SqlClient.SqlClient, f).pipe(
        Effect.provide(PgClient.layer({ url: Redacted.make(url()), transformResultNames: Str.snakeToCamel })),
        Effect.orDie,
      ),
    )
