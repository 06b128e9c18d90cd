import { createServer } from "node:net"
import { fileURLToPath } from "node:url"
import { Effect, Exit, Layer, Logger, LogLevel, Option, Redacted, Scope } from "effect"
import { ServerLive, type ServerOptions } from "../../src/app.js"
import { AppConfig, type AppConfigShape } from "../../src/config.js"
import { freshDatabase } from "./database.js"

export const adminEmail = "admin@folio.test"
export const adminPassword = "correct-horse-battery-staple"

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0))
    })
  })

export const testConfig = (
  overrides: Omit<Partial<AppConfigShape>, "databaseUrl"> & { databaseUrl: string },
): AppConfigShape => ({
  port: 0,
  host: "127.0.0.1",
  dataDir: "./.folio-test-unused",
  publicUrl: Option.none(),
  adminEmail: Option.some(adminEmail),
  adminPassword: Option.some(Redacted.make(adminPassword)),
  deploymentId: Option.some("test-deployment"),
  logLevel: LogLevel.Warning,
  logFormat: "json",
  sessionIdleMinutes: 60,
  sessionAbsoluteHours: 24,
  webDist: Option.some(fileURLToPath(new URL("../../../web/dist/", import.meta.url))),
  smtpUrl: Option.none(),
  mailFrom: "Folio <no-reply@folio.test>",
  ...overrides,
  databaseUrl: Option.some(Redacted.make(overrides.databaseUrl)),
})

export interface TestServer {
  readonly url: string
  readonly databaseUrl: string
  readonly adminEmail: string
  readonly adminPassword: string
  readonly stop: () => Promise<void>
}

/** The real server, in this process, over a fresh migrated database, on a free port. */
export const startTestServer = async (
  options: ServerOptions & {
    readonly config?: Omit<Partial<AppConfigShape>, "databaseUrl">
    readonly databaseUrl?: string
    /** Extra loggers, e.g. to capture log lines in a test. */
    readonly logger?: Layer.Layer<never>
  } = {},
): Promise<TestServer> => {
  const databaseUrl = options.databaseUrl ?? (await freshDatabase())
  const port = await freePort()
  const config = testConfig({ ...options.config, databaseUrl, port })
  const scope = Effect.runSync(Scope.make())
  const layer = ServerLive(options).pipe(
    Layer.provide(Layer.succeed(AppConfig, config)),
    Layer.provide(Logger.minimumLogLevel(config.logLevel)),
    Layer.provide(options.logger ?? Layer.empty),
  )
  await Effect.runPromise(Layer.buildWithScope(layer, scope))
  return {
    url: `http://127.0.0.1:${port}`,
    databaseUrl,
    adminEmail,
    adminPassword,
    stop: () => Effect.runPromise(Scope.close(scope, Exit.void)),
  }
}
