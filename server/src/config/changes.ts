import { SqlClient } from "@effect/sql"
import {
  type ConfigChange,
  type ConfigOperation,
  type FieldIssue,
  jsonEqual,
  NotFound,
  PreconditionFailed,
  ValidationError,
} from "@folio/core"
import { Effect, Either, Option } from "effect"
import { Audit } from "../audit/audit.js"
import { applyOperations, type SecretSealing } from "./apply.js"
import { configDigest, inJsonbOrder } from "./digest.js"
import { configMissingError } from "./missing.js"
import type { StoredValues, VersionWithValues } from "./model.js"
import { ConfigRepo } from "./repo.js"
import { SecretBox } from "./secrets.js"
import { ConfigStore } from "./store.js"
import { diffValues, effectiveEntries, snapshotView } from "./view.js"

export interface ConfigAuthor {
  readonly id: string
  readonly email: string
}

interface WriteOptions {
  /** The digest the writer read; a store that moved on answers 412 and nothing is written. */
  readonly ifMatch?: string | undefined
  readonly comment?: string | undefined
  /** Null for a change no person made. */
  readonly author: ConfigAuthor | null
}

/** `abc`, `"abc"` and `W/"abc"` all name the digest abc. */
const digestOfHeader = (header: string) =>
  header
    .trim()
    .replace(/^W\//, "")
    .replace(/^"(.*)"$/, "$1")

const invalid = (issues: ReadonlyArray<FieldIssue>) =>
  new ValidationError({ message: issues.map((issue) => issue.message).join("; "), issues })

/**
 * Changes to the store: each one a new version of the whole store, written in one transaction
 * that holds the writers' lock, with its changes, author, comment, digest and an audit entry,
 * and announced to every instance (`pg_notify`) when it commits.
 */
export class ConfigChanges extends Effect.Service<ConfigChanges>()("@folio/server/ConfigChanges", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* ConfigRepo
    const store = yield* ConfigStore
    const box = yield* SecretBox
    const audit = yield* Audit

    const sealing: SecretSealing = {
      seal: box.seal,
      holds: (key, sealed, value) => {
        const held = box.open(key, sealed)
        return Either.isRight(held) && jsonEqual(held.right, value)
      },
    }

    const write = <E>(
      options: WriteOptions,
      build: (
        latest: VersionWithValues,
        stamp: { updatedAt: string; updatedBy: string | null },
      ) => Effect.Effect<
        {
          readonly values: StoredValues
          readonly changes: ReadonlyArray<ConfigChange>
          readonly rollbackOf: number | null
        },
        E
      >,
    ) =>
      sql
        .withTransaction(
          Effect.gen(function* () {
            yield* repo.lock
            const found = yield* repo.latest
            if (Option.isNone(found)) {
              const state = yield* store.reload
              return yield* state.status === "missing"
                ? Effect.fail(configMissingError(state))
                : Effect.dieMessage("The configuration store is empty")
            }
            const latest = found.value
            if (options.ifMatch !== undefined && digestOfHeader(options.ifMatch) !== latest.digest) {
              return yield* new PreconditionFailed({
                message: `The configuration changed since you read it: it is now at version ${latest.version} (digest ${latest.digest}). Read it again and retry.`,
                digest: latest.digest,
              })
            }
            const now = new Date()
            const next = yield* build(latest, {
              updatedAt: now.toISOString(),
              updatedBy: options.author?.email ?? null,
            })
            if (next.changes.length === 0) return latest
            const version = latest.version + 1
            // Held as jsonb will give it back, so adopting it here equals reloading it.
            const values = inJsonbOrder(next.values)
            const row: VersionWithValues = {
              version,
              digest: configDigest(version, values),
              createdAt: now,
              authorEmail: options.author?.email ?? null,
              comment: options.comment ?? null,
              rollbackOf: next.rollbackOf,
              changes: inJsonbOrder(next.changes),
              values,
            }
            yield* repo.insert({ ...row, author: options.author })
            // Which keys changed and how, never a secret's value (the changes carry none).
            yield* audit.record({
              action: "config.changed",
              actor: options.author ?? undefined,
              target: { type: "config", id: String(version) },
              before: { version: latest.version, digest: latest.digest },
              after: {
                version,
                digest: row.digest,
                comment: row.comment,
                rollbackOf: row.rollbackOf,
                changes: row.changes,
              },
            })
            return row
          }),
        )
        .pipe(
          store.orMissing,
          Effect.tap((row) => store.adopt(row)),
          Effect.map(snapshotView),
        )

    /** One PATCH: its operations, all or nothing. */
    const patch = (operations: ReadonlyArray<ConfigOperation>, options: WriteOptions) =>
      write(options, (latest, stamp) =>
        Either.match(applyOperations(latest.values, operations, stamp, sealing), {
          onLeft: (issues) => Effect.fail(invalid(issues)),
          onRight: (applied) => Effect.succeed({ ...applied, rollbackOf: null }),
        }),
      )

    /** A new version holding what `version` held; the keys it changes carry this change's stamp. */
    const rollback = (version: number, options: WriteOptions) =>
      write(options, (latest, stamp) =>
        Effect.gen(function* () {
          const target = yield* repo.at(version)
          if (Option.isNone(target)) {
            return yield* new NotFound({ message: `There is no version ${version} to roll back to.` })
          }
          const before = effectiveEntries(latest.values)
          const after = effectiveEntries(target.value.values)
          const changes = diffValues(before, after, (key, a, b) => {
            if (!a.sealed || !b.sealed) return a.sealed === b.sealed
            if (jsonEqual(a.sealed, b.sealed)) return true
            const held = box.open(key, a.sealed)
            return Either.isRight(held) && sealing.holds(key, b.sealed, held.right)
          })
          const changed = new Set(changes.map((change) => change.key))
          const values = Object.fromEntries(
            [...after].map(([key, entry]) => [
              key,
              changed.has(key) ? { ...entry, ...stamp } : (before.get(key) ?? entry),
            ]),
          )
          return { values, changes, rollbackOf: version }
        }),
      )

    return { patch, rollback } as const
  }),
  dependencies: [ConfigRepo.Default, ConfigStore.Default, SecretBox.Default, Audit.Default],
}) {}
