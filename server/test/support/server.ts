import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Exit, Layer, Logger, Option, Scope } from "effect"
import { ServerLive, type ServerOptions } from "../../src/app.js"
import { AppConfig, type AppConfigShape } from "../../src/config.js"
import { adminEmail, adminPassword, testConfig } from "./config.js"
import { freshDatabase } from "./database.js"

export { adminEmail, adminPassword, testConfig } from "./config.js"

/**
 * A stand-in for the built console, so API tests never depend on whether `web/dist` exists or
 * is being rebuilt at that moment (the e2e server serves the real one).
 */
let fixture: string | undefined
/** Servers running on the fixture: the last one to stop removes it. */
let fixtureUsers = 0
const consoleFixture = () => {
  if (!fixture) {
    fixture = mkdtempSync(join(tmpdir(), "folio-console-"))
    writeFileSync(join(fixture, "index.html"), '<!doctype html><title>Folio</title><div id="root"></div>')
  }
  fixtureUsers++
  return fixture
}
const releaseConsoleFixture = () => {
  fixtureUsers--
  if (fixtureUsers === 0 && fixture) {
    rmSync(fixture, { recursive: true, force: true })
    fixture = undefined
  }
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0))
    })
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
    /** A port chosen beforehand, e.g. because an identity provider must know the callback URL. */
    readonly port?: number
    /** Extra loggers, e.g. to capture log lines in a test. */
    readonly logger?: Layer.Layer<never>
  } = {},
): Promise<TestServer> => {
  const databaseUrl = options.databaseUrl ?? (await freshDatabase())
  const port = options.port ?? (await freePort())
  const usesFixture = options.config?.webDist === undefined
  const config = testConfig({
    ...(usesFixture ? { webDist: Option.some(consoleFixture()) } : {}),
    ...options.config,
    databaseUrl,
    port,
  })
  const scope = Effect.runSync(Scope.make())
  const layer = ServerLive(options).pipe(
    Layer.provide(Layer.succeed(AppConfig, config)),
    Layer.provide(Logger.minimumLogLevel(config.logLevel)),
    Layer.provide(options.logger ?? Layer.empty),
  )
  if (usesFixture) Effect.runSync(Scope.addFinalizer(scope, Effect.sync(releaseConsoleFixture)))
  await Effect.runPromise(Layer.buildWithScope(layer, scope))
  return {
    url: `http://127.0.0.1:${port}`,
    databaseUrl,
    adminEmail,
    adminPassword,
    stop: () => Effect.runPromise(Scope.close(scope, Exit.void)),
  }
}
