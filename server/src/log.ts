import { Effect, Layer, Logger } from "effect"
import { AppConfig } from "./config.js"

/** JSON lines for machines (default when stdout is not a terminal), pretty lines for people. */
export const LoggerLive = Layer.unwrapEffect(
  Effect.gen(function* () {
    const config = yield* AppConfig
    return Layer.merge(
      config.logFormat === "json" ? Logger.json : Logger.pretty,
      Logger.minimumLogLevel(config.logLevel),
    )
  }),
)
