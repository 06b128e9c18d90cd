/**
 * The server Playwright tests run against: the real server and the built console over a fresh
 * database, plus two test hooks that exist only in this file (it never ships in dist/): an /api
 * request carrying `x-folio-test-fault: 500` dies inside the handler chain, so the real error
 * path answers with a 500 and a digest; and `POST /__e2e/expire-links` makes emailed links run
 * out of time (see `expireLinksHook`). Log lines are also appended to `E2E_SERVER_LOG`, and
 * mail goes to a loopback SMTP server whose messages land in `E2E_MAILBOX`. Single sign-on
 * goes to a loopback oidc-provider whose login form accepts any email as the login name.
 * With `SENTRY_DSN` set, the tunnel forwards to a loopback `node:http` receiver standing in for
 * Sentry's ingest, which appends every request it gets to `E2E_SENTRY_INGEST` (see `ingestReceiver`).
 * `E2E_DATABASE=<name>` keeps the database when the process ends, so a spec can restart the
 * server on the same data (with `E2E_DATABASE_DROP_ON_EXIT=1` on the last run to clean up), and
 * `E2E_WEB_DIST` serves a console built elsewhere than web/dist.
 */
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { NodeRuntime } from "@effect/platform-node"
import { parseSentryDsn } from "@folio/core"
import { Effect, Layer, Logger, LogLevel, Option, Redacted, Schema } from "effect"
import { ServerLive } from "../src/app.js"
import { AppConfig } from "../src/config.js"
import { startEmbeddedPostgres } from "../src/db/embedded.js"
import { testConfig } from "./support/config.js"
import { dropStaleDatabases, removeStaleClusters } from "./support/e2eLeftovers.js"
import { idpClient, startIdp } from "./support/idp.js"
import { startMailbox } from "./support/mailbox.js"
import { databaseUrl, withClient } from "./support/postgres.js"

const port = Number(process.env.PORT ?? 3199)
const logFile = process.env.E2E_SERVER_LOG

type App<E, R> = Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>

const faultHook = <E, R>(app: App<E, R>) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    if (request.url.startsWith("/api/") && request.headers["x-folio-test-fault"] === "500") {
      return yield* Effect.die(new Error("Injected test fault (x-folio-test-fault: 500)"))
    }
    return yield* app
  })

const ExpireLinks = Schema.Struct({
  email: Schema.String,
  kind: Schema.Literal("magic_link", "reset", "invite"),
})

/**
 * `POST /__e2e/expire-links` with `{ email, kind }`: that person's unused links of that kind
 * now expired a minute ago, exactly as if their lifetime had run out (the row is otherwise
 * untouched). Answers `{ expired: n }`, so a spec can tell it hit the link it meant.
 */
const expireLinksHook =
  (databaseUrl: string) =>
  <E, R>(app: App<E, R>) =>
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      if (request.method !== "POST" || request.url !== "/__e2e/expire-links") return yield* app
      const input = yield* Effect.flatMap(request.json, Schema.decodeUnknown(ExpireLinks)).pipe(Effect.orDie)
      const expired = yield* Effect.promise(() =>
        withClient(databaseUrl, (client) =>
          client.query(
            `update auth_links set expires_at = now() - interval '1 minute'
             where kind = $1 and used_at is null and expires_at > now()
               and user_id = (select id from users where lower(email) = lower($2))`,
            [input.kind, input.email],
          ),
        ),
      )
      return HttpServerResponse.unsafeJson({ expired: expired.rowCount ?? 0 })
    })

/** `E2E_DATABASE`: a database (or embedded cluster folder) that outlives this process. */
const keptDatabase = process.env.E2E_DATABASE?.replace(/[^a-z0-9_]/gi, "_").toLowerCase()
const dropKeptOnExit = process.env.E2E_DATABASE_DROP_ON_EXIT === "1"

const keptDatabaseUrl = (name: string) =>
  Effect.gen(function* () {
    const external = process.env.DATABASE_URL
    if (external) {
      const database = `folio_e2e_kept_${name}`
      yield* Effect.promise(() =>
        withClient(external, async (c) => {
          const found = await c.query("select 1 from pg_database where datname = $1", [database])
          if (found.rowCount === 0) await c.query(`create database ${database}`)
        }),
      )
      if (dropKeptOnExit) {
        yield* Effect.addFinalizer(() =>
          Effect.promise(() =>
            withClient(external, (c) => c.query(`drop database if exists ${database} with (force)`)),
          ).pipe(Effect.ignore),
        )
      }
      return databaseUrl(external, database)
    }
    const dir = join(tmpdir(), `folio-e2e-kept-${name}`)
    mkdirSync(dir, { recursive: true })
    // Registered before the cluster starts, so it runs after the cluster has stopped.
    if (dropKeptOnExit) {
      yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(dir, { recursive: true, force: true })))
    }
    return (yield* startEmbeddedPostgres(dir)).url
  })

const database = Effect.gen(function* () {
  if (keptDatabase) return yield* keptDatabaseUrl(keptDatabase)
  const external = process.env.DATABASE_URL
  if (external) {
    const name = `folio_e2e_${process.pid}`
    yield* Effect.promise(() => dropStaleDatabases(external))
    yield* Effect.acquireRelease(
      Effect.promise(() =>
        withClient(external, (c) =>
          c
            .query(`drop database if exists ${name} with (force)`)
            .then(() => c.query(`create database ${name}`)),
        ),
      ),
      () =>
        Effect.promise(() =>
          withClient(external, (c) => c.query(`drop database if exists ${name} with (force)`)),
        ).pipe(Effect.ignore),
    )
    return databaseUrl(external, name)
  }
  removeStaleClusters()
  const dir = mkdtempSync(join(tmpdir(), "folio-e2e-"))
  yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(dir, { recursive: true, force: true })))
  return (yield* startEmbeddedPostgres(dir)).url
})

const fileLogger = logFile
  ? (() => {
      mkdirSync(dirname(logFile), { recursive: true })
      rmSync(logFile, { force: true })
      return Logger.add(Logger.map(Logger.jsonLogger, (line) => appendFileSync(logFile, `${line}\n`)))
    })()
  : Layer.empty

/**
 * A real SMTP server for the e2e run: every message it receives is appended as one JSON line
 * ({ to, subject, text, html }) to `E2E_MAILBOX`, where specs read links and codes.
 */
const mailbox = Effect.acquireRelease(
  Effect.promise(async () => {
    const box = await startMailbox()
    const file = process.env.E2E_MAILBOX
    if (file) {
      mkdirSync(dirname(file), { recursive: true })
      rmSync(file, { force: true })
      box.onMail((mail) => appendFileSync(file, `${JSON.stringify(mail)}\n`))
    }
    return box
  }),
  (box) => Effect.promise(() => box.close()),
)

/**
 * Stands in for Sentry's ingest when `SENTRY_DSN` is set: the tunnel forwards here (the config's
 * `SENTRY_INGEST_URL`), and every request is appended to `E2E_SENTRY_INGEST` as one JSON line
 * `{ method, url, contentType, body }` with the body's exact bytes in base64. Answers 200 like Sentry.
 */
const ingestReceiver = Effect.acquireRelease(
  Effect.promise(async () => {
    const file = process.env.E2E_SENTRY_INGEST
    if (file) {
      mkdirSync(dirname(file), { recursive: true })
      rmSync(file, { force: true })
    }
    const server = createServer((request, response) => {
      const chunks: Array<Buffer> = []
      request.on("data", (chunk: Buffer) => chunks.push(chunk))
      request.on("end", () => {
        const record = {
          method: request.method,
          url: request.url,
          contentType: request.headers["content-type"] ?? null,
          body: Buffer.concat(chunks).toString("base64"),
        }
        if (file) appendFileSync(file, `${JSON.stringify(record)}\n`)
        response.writeHead(200, { "content-type": "application/json" }).end("{}")
      })
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
  }),
  ({ server }) => Effect.promise(() => new Promise<void>((resolve) => server.close(() => resolve()))),
)

/** A real OpenID provider (oidc-provider's development login) for the single sign-on specs. */
const identityProvider = Effect.acquireRelease(
  Effect.promise(() => startIdp(`http://127.0.0.1:${port}/api/auth/sso/callback`)),
  (idp) => Effect.promise(() => idp.close()),
)

const program = Effect.gen(function* () {
  const url = yield* database
  const box = yield* mailbox
  const idp = yield* identityProvider
  const sentryDsn = process.env.SENTRY_DSN ? parseSentryDsn(process.env.SENTRY_DSN) : undefined
  if (process.env.SENTRY_DSN && sentryDsn === undefined) throw new Error("SENTRY_DSN is not a Sentry DSN")
  const ingest = sentryDsn === undefined ? undefined : yield* ingestReceiver
  // Podcast audio uploaded by the specs, removed with the server.
  const mediaDir = mkdtempSync(join(tmpdir(), "folio-e2e-media-"))
  yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(mediaDir, { recursive: true, force: true })))
  const config = testConfig({
    databaseUrl: url,
    media: { kind: "local", dir: mediaDir },
    port,
    smtpUrl: Option.some(Redacted.make(box.url)),
    publicUrl: Option.some(new URL(`http://127.0.0.1:${port}`)),
    oidc: Option.some({
      issuer: new URL(idp.issuer),
      clientId: idpClient.id,
      clientSecret: Redacted.make(idpClient.secret),
      label: "Sign in with Folio Test ID",
    }),
    logLevel: LogLevel.Info,
    // Each test's browser says which client it is in X-Forwarded-For (web/e2e/support/fixtures.ts),
    // so the per-address rate limits count one test's attempts, as they would one person's.
    trustedProxies: ["127.0.0.1", "::1"],
    deploymentId: Option.some(process.env.FOLIO_DEPLOYMENT_ID ?? "e2e"),
    // A console built elsewhere (`vite build --outDir …`), so a run never serves half of another's rebuild.
    ...(process.env.E2E_WEB_DIST ? { webDist: Option.some(process.env.E2E_WEB_DIST) } : {}),
    sentryDsn: Option.fromNullable(sentryDsn),
    sentryIngestUrl: Option.fromNullable(ingest?.url),
    sentryEnvironment: "e2e",
  })
  yield* Layer.launch(
    ServerLive({ middleware: (app) => expireLinksHook(url)(faultHook(app)) }).pipe(
      Layer.provide(Layer.succeed(AppConfig, config)),
    ),
  )
}).pipe(Effect.scoped, Effect.provide(Layer.merge(Logger.json, fileLogger)))

// Playwright stops this server with SIGTERM and may exit before the finalizers have run: a log line
// written to its closed pipe then must not crash the cleanup (dropping the database or folder).
for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {})

NodeRuntime.runMain(program, { disablePrettyLogger: true })
