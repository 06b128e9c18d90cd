import { Console, Effect, Option } from "effect"
import type { AppConfigShape } from "../config.js"
import { backupEmbedded } from "./backup.js"
import { restoreEmbedded } from "./restore.js"

export const backupHelp = `Usage: folio-server backup <file>

Copies the embedded database (FOLIO_DATA_DIR, default ./.folio) into <file>: a compressed
archive of its PostgreSQL cluster and the files beside it (its password and key files), so
keep it as safe as the data folder. Stop folio-server first: the files are copied as they
are, and folio-server cannot start on the folder until the copy is made. <file> is replaced
only once the backup is complete, and must be outside the data folder.

With DATABASE_URL set, use PostgreSQL's pg_dump instead (the command is printed).`

export const restoreHelp = `Usage: folio-server restore <file>

Replaces the embedded database (FOLIO_DATA_DIR, default ./.folio) with a backup made by
\`folio-server backup\`. Stop folio-server first: a restore into a running instance is
refused. The database it replaces is kept aside until the restored one has started once,
and put back if it does not. Migrations newer than the backup apply when folio-server starts.

With DATABASE_URL set, use PostgreSQL's pg_restore instead (the command is printed).`

/** What to run instead when the database is external: PostgreSQL's own tools. */
export const externalDatabaseCommands = `  pg_dump -Fc -f folio.dump "$DATABASE_URL"
  pg_restore --clean --if-exists --no-owner --single-transaction -d "$DATABASE_URL" folio.dump`

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`

/** `folio-server backup <file>` and `folio-server restore <file>`. */
export const runBackupCommand = (
  command: "backup" | "restore",
  args: ReadonlyArray<string>,
  config: Pick<AppConfigShape, "databaseUrl" | "dataDir">,
) =>
  Effect.gen(function* () {
    const [file, ...extra] = args
    if (file === undefined || file.startsWith("-") || extra.length > 0) {
      return yield* Effect.fail(
        new Error(`Usage: folio-server ${command} <file> (see folio-server ${command} --help)`),
      )
    }
    if (Option.isSome(config.databaseUrl)) {
      return yield* Effect.fail(
        new Error(
          `${command} works on the embedded database, and DATABASE_URL is set: use PostgreSQL's own tools on it (of the server's version or newer), stopping every folio-server instance before a restore:\n${externalDatabaseCommands}\nSee docs/operations.md.`,
        ),
      )
    }
    if (command === "backup") {
      const done = yield* backupEmbedded(config.dataDir, file)
      return yield* Console.log(
        `Backed up the embedded database in ${done.dataDir} to ${done.file} (${megabytes(done.size)}).`,
      )
    }
    const done = yield* restoreEmbedded(config.dataDir, file)
    return yield* Console.log(
      `Restored the embedded database in ${done.dataDir} from ${done.file} (made ${done.manifest.createdAt} by folio-server ${done.manifest.folioVersion}). Start folio-server to use it.`,
    )
  })
