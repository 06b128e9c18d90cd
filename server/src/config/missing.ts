import type { SqlError } from "@effect/sql/SqlError"
import { ConfigMissing } from "@folio/core"
import { Effect, type ParseResult, Predicate } from "effect"
import { ConfigRepo } from "./repo.js"

/** Why an instance has no snapshot, and the command that mends it. */
export interface ConfigMissingState {
  readonly status: "missing"
  readonly reason: string
  readonly fix: string
}

/** The 503 every client understands, with the same reason and fix. */
export const configMissingError = (state: ConfigMissingState) =>
  new ConfigMissing({ message: state.reason, reason: state.reason, fix: state.fix })

const migrateCommand = "npm run migrate (or folio-server migrate)"

const missing = (reason: string, fix: string): ConfigMissingState => ({ status: "missing", reason, fix })

export const notLoadedYet = missing(
  "The configuration store has not been loaded yet.",
  "Wait a moment: the server is starting.",
)

export const emptyStore = missing(
  "The configuration store is empty: it was never initialised.",
  `${migrateCommand} writes version 1 with every key's default.`,
)

export const unreachable = (detail: string) =>
  missing(
    `The database is unreachable, so the configuration store cannot be read (${detail}).`,
    "Start PostgreSQL or fix DATABASE_URL; the server retries by itself and recovers without a restart.",
  )

export const unreadableVersion = (error: ParseResult.ParseError) =>
  missing(
    `The newest version of the configuration store cannot be read (${error.message.split("\n")[0]}).`,
    "DELETE FROM config_versions WHERE version = (SELECT max(version) FROM config_versions); makes the version before it current.",
  )

const codeOf = (cause: unknown): string =>
  Predicate.hasProperty(cause, "code") && typeof cause.code === "string" ? cause.code : ""

const messageOf = (error: SqlError): string => {
  const cause = error.cause
  return cause instanceof Error && cause.message !== "" ? cause.message : error.message
}

/**
 * The state an instance is in when loading failed with `error`: the table gone (renamed away,
 * dropped, or never made), not readable by the server's role, or the database out of reach.
 * Asks the database one more question where that makes the fix exact (the renamed table's
 * name, the role to grant); a failure of that question only makes the fix less exact.
 */
export const diagnose = (error: SqlError) =>
  Effect.gen(function* () {
    const repo = yield* ConfigRepo
    const code = codeOf(error.cause)
    const detail = messageOf(error)
    if (code === "42P01") {
      const renamed = yield* repo.renamedTable.pipe(
        Effect.timeout("2 seconds"),
        Effect.orElseSucceed(() => undefined),
      )
      const reason = `The configuration table config_versions does not exist (PostgreSQL: ${detail}).`
      return renamed
        ? missing(
            `${reason} A table with its columns is there under another name: ${renamed}.`,
            `Rename it back: ALTER TABLE ${renamed} RENAME TO config_versions; — or start a new store with the defaults: ${migrateCommand}`,
          )
        : missing(reason, `${migrateCommand} creates it with every key's default.`)
    }
    if (code === "42501") {
      const role = yield* repo.currentRole.pipe(
        Effect.timeout("2 seconds"),
        Effect.orElseSucceed(() => undefined),
      )
      return missing(
        `The server's database role cannot read the configuration table (PostgreSQL: ${detail}).`,
        `GRANT SELECT, INSERT ON config_versions TO ${role ?? "<the server's role>"};`,
      )
    }
    if (code === "42703" || code === "42804") {
      return missing(
        `config_versions is not the configuration store's table any more (PostgreSQL: ${detail}).`,
        `Restore the table from a backup, or rename it away and run ${migrateCommand} to start a new store with the defaults.`,
      )
    }
    if (/^(08|57P|53)/.test(code) || code.startsWith("E") || code === "") return unreachable(detail)
    return missing(
      `The configuration store cannot be read (PostgreSQL ${code}: ${detail}).`,
      `${migrateCommand}, then look at the server's log if it persists.`,
    )
  })
