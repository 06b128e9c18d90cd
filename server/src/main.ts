import { NodeRuntime } from "@effect/platform-node"
import { Cause, Console, Effect, Exit, Layer, Predicate } from "effect"
import { DatabaseReady, ServerLive } from "./app.js"
import { backupHelp, restoreHelp, runBackupCommand } from "./backup/command.js"
import { repairConfigStoreLogged } from "./config/init.js"
import { AppConfig, appConfig, describeConfigError } from "./config.js"
import { LoggerLive } from "./log.js"

/**
 * `folio-server` (serve), `migrate`, `backup <file>` or `restore <file>`. Start-up problems a
 * user can fix — bad configuration, a database that will not start — end the process with one
 * clear line.
 */
const [command = "serve", ...args] = process.argv.slice(2)

const usage = `Usage: folio-server [command]

Commands:
  serve            Start the server (the default).
  migrate          Apply pending migrations, repair the configuration store, and exit.
  backup <file>    Copy the embedded database into <file> (folio-server stopped).
  restore <file>   Replace the embedded database with a backup (folio-server stopped).

Settings come from the environment: DATABASE_URL for an external PostgreSQL, else the
embedded one in FOLIO_DATA_DIR (default ./.folio). See docs/configuration.md.
Run \`folio-server <command> --help\` for one command.`

const helpOf: Partial<Record<string, string>> = { backup: backupHelp, restore: restoreHelp }
const wantsHelp = [command, ...args].some((arg) => arg === "--help" || arg === "-h") || command === "help"

const program = Effect.gen(function* () {
  if (wantsHelp) return yield* Console.log(helpOf[command] ?? usage)
  const config = yield* appConfig.pipe(Effect.mapError((error) => new Error(describeConfigError(error))))
  const provided = <A, E, R>(layer: Layer.Layer<A, E, R | AppConfig>) =>
    layer.pipe(Layer.provide(Layer.succeed(AppConfig, config)))
  const logger = LoggerLive.pipe(Layer.provide(Layer.succeed(AppConfig, config)))
  if (command === "migrate") {
    // The configuration store is repaired here only, never by `serve`: a table renamed away by
    // mistake must show up as missing configuration, not be replaced by the defaults unnoticed.
    return yield* Effect.scoped(
      Layer.build(provided(DatabaseReady)).pipe(
        Effect.flatMap((context) => Effect.provide(repairConfigStoreLogged, context)),
      ),
    ).pipe(Effect.zipRight(Effect.logInfo("Migrations are up to date.")), Effect.provide(logger))
  }
  if (command === "backup" || command === "restore") return yield* runBackupCommand(command, args, config)
  if (command !== "serve") {
    return yield* Effect.fail(
      new Error(
        `Unknown command "${command}". Use: folio-server [serve|migrate|backup|restore] (see --help)`,
      ),
    )
  }
  return yield* Layer.launch(provided(ServerLive())).pipe(Effect.provide(logger))
})

const describeStartupFailure = (failure: unknown): string => {
  if (Predicate.isTagged(failure, "ServeError")) {
    const cause = Predicate.hasProperty(failure, "cause") ? failure.cause : undefined
    const code = Predicate.hasProperty(cause, "code") ? String(cause.code) : ""
    const where = `${process.env.HOST ?? "127.0.0.1"}:${process.env.PORT ?? "3000"}`
    return code === "EADDRINUSE"
      ? `Cannot listen on ${where}: the port is already in use. Stop the other process or set PORT.`
      : `Cannot listen on ${where}: ${cause instanceof Error ? cause.message : String(cause)}`
  }
  return failure instanceof Error && failure.message ? failure.message : String(failure)
}

NodeRuntime.runMain(
  program.pipe(
    Effect.onExit((exit) =>
      Effect.sync(() => {
        if (Exit.isFailure(exit) && !Cause.isInterruptedOnly(exit.cause)) {
          process.stderr.write(`folio-server: ${describeStartupFailure(Cause.squash(exit.cause))}\n`)
          process.exitCode = 1
        }
      }),
    ),
  ),
  { disableErrorReporting: true, disablePrettyLogger: true },
)
