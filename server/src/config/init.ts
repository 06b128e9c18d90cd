import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { configDigest } from "./digest.js"
import { initialValues, type StoredValues } from "./model.js"
import { ConfigRepo } from "./repo.js"

const firstVersion = (repo: ConfigRepo, values: StoredValues) =>
  repo.insertFirstVersion(configDigest(1, values), values)

/**
 * Migration 0017: the table and version 1 with every known key's default (and `overrides`).
 * Needs only the SQL client (a migration has nothing else): the repository is made here.
 */
export const createConfigStore = (overrides: Readonly<Record<string, unknown>> = {}) => {
  const values = initialValues(overrides)
  return Effect.gen(function* () {
    const repo = yield* ConfigRepo
    yield* repo.createTable
    yield* firstVersion(repo, values)
  }).pipe(Effect.provide(ConfigRepo.Default))
}

/**
 * What `folio-server migrate` does after the migrations: a store whose table is gone (though its
 * migration is recorded) is created again, and an empty one gets version 1. Says what it did.
 */
export const repairConfigStore = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const repo = yield* ConfigRepo
  return yield* sql.withTransaction(
    Effect.gen(function* () {
      // Two instances running `migrate` at once: one repairs, the other finds it done.
      yield* repo.lockRepair
      const created = !(yield* repo.tableExists)
      if (created) yield* repo.createTable
      const initialised = (yield* repo.count) === 0
      if (initialised) yield* firstVersion(repo, initialValues())
      // Running instances load it now rather than at their next retry or poll.
      if (created || initialised) yield* repo.notifyReload
      return { created, initialised }
    }),
  )
}).pipe(Effect.provide(ConfigRepo.Default))

/** `repairConfigStore`, saying what it did (the `migrate` command's last step). */
export const repairConfigStoreLogged = repairConfigStore.pipe(
  Effect.tap(({ created, initialised }) =>
    created
      ? Effect.logWarning(
          "The configuration table was missing: created it with version 1 (every key's default)",
        )
      : initialised
        ? Effect.logWarning("The configuration store was empty: wrote version 1 (every key's default)")
        : Effect.void,
  ),
)
