import { createServer, type Server } from "node:http"
import { fileURLToPath } from "node:url"
import { HttpApiBuilder, type HttpApp, HttpMiddleware, type HttpRouter, HttpServer } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { type Duration, Effect, Layer, Option } from "effect"
import { AiRunRouteLive } from "./ai/route.js"
import { BootstrapLive } from "./auth/bootstrap.js"
import { ConfigLive } from "./config/layer.js"
import { ConfigStore } from "./config/store.js"
import { AppConfig, deploymentIdOf } from "./config.js"
import { DatabaseLive, MigrationsLive } from "./db/database.js"
import { ErrorInbox } from "./errorReports/inbox.js"
import { ErrorReporter, ErrorReporterLive } from "./errorReports/serverSdk.js"
import { FeedsLive } from "./feeds/route.js"
import { ApiLive } from "./http/api.js"
import { apiBodyGuard } from "./http/apiBody.js"
import { forwardedClient } from "./http/clientAddress.js"
import { consoleRuntimeConfigOf, makeConsoleHandler } from "./http/console.js"
import { installBoundedDecodeErrors } from "./http/decodeErrors.js"
import { errorsAndDeployment } from "./http/middleware.js"
import { configMissingGate } from "./http/siteGate.js"
import { answerUntilServing } from "./http/starting.js"
import { JobsLive } from "./jobs/jobs.js"
import { UnsubscribeLive } from "./notifications/unsubscribeRoute.js"
import { PodcastMediaLive } from "./podcasts/media.js"
import { PodcastUploadsLive } from "./podcasts/uploads.js"
import { EmailOpenLive } from "./readership/emailOpen.js"
import { makeTunnelHandler } from "./tunnel/handler.js"

type App = HttpApp.Default<never, HttpRouter.HttpRouter.DefaultServices>

export interface ServerOptions {
  /** Wraps the app inside the error middleware; tests use it to inject faults. */
  readonly middleware?: (app: App) => App
  /** How long the tunnel waits for Sentry's ingest (10 s); tests shorten it. */
  readonly forwardTimeout?: Duration.Duration
}

const defaultWebDist = fileURLToPath(new URL("../../web/dist/", import.meta.url))

const ConsoleLive = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function* () {
    const config = yield* AppConfig
    const dist = Option.getOrElse(config.webDist, () => defaultWebDist)
    const handler = makeConsoleHandler(dist, consoleRuntimeConfigOf(config))
    yield* router.get("*", handler)
    yield* router.head("*", handler)
  }),
)

/** The error tunnel at FOLIO_TUNNEL_PATH: a static route, so it wins over the console's fallback. */
const TunnelLive = (forwardTimeout: Duration.Duration | undefined) =>
  HttpApiBuilder.Router.use((router) =>
    Effect.gen(function* () {
      const config = yield* AppConfig
      yield* router.all(config.tunnelPath, yield* makeTunnelHandler(forwardTimeout))
    }),
  ).pipe(Layer.provide(ErrorInbox.Default))

/** How long an idle keep-alive connection stays open: past the 60 s idle timeout of common load balancers. */
const keepAliveMs = 65_000

/** How long a stopping server lets open connections finish before it closes them. */
const shutdownGraceMs = 5_000

/**
 * Node's `server.close()` waits for every open connection to end, and a browser tab can keep one
 * busy (or a client can stall a request) for as long as it likes: a stop would then never finish.
 * Built after the HTTP server, this layer's finalizer runs first when the server stops: it gives
 * open connections `shutdownGraceMs` to finish, then closes them.
 */
const boundedShutdown = (server: () => Server | undefined) =>
  Layer.scopedDiscard(
    Effect.zipRight(
      HttpServer.HttpServer,
      Effect.addFinalizer(() =>
        Effect.sync(() => {
          const timer = setTimeout(() => server()?.closeAllConnections(), shutdownGraceMs)
          timer.unref()
        }),
      ),
    ),
  )

/** The database, migrated; shared by `serve` and `migrate` (the first admin is created by `serve`). */
export const DatabaseReady = MigrationsLive.pipe(Layer.provideMerge(DatabaseLive))

export const HttpLive = (options: ServerOptions = {}) =>
  Layer.unwrapEffect(
    Effect.gen(function* () {
      const config = yield* AppConfig
      installBoundedDecodeErrors()
      const https = Option.exists(config.publicUrl, (url) => url.protocol === "https:")
      const outer = errorsAndDeployment(deploymentIdOf(config), yield* ErrorReporter, { https })
      const configGate = configMissingGate(yield* ConfigStore)
      // Like HttpApiBuilder.serve, but our middleware runs inside the response writer, so it
      // can still turn a defect into the 500 JSON body and stamp headers on every response.
      const serve = HttpApiBuilder.httpApp.pipe(
        Effect.map((app) =>
          HttpServer.serve(
            outer(
              configGate(
                forwardedClient(config.trustedProxies)(
                  apiBodyGuard(config.publicUrl)(options.middleware ? options.middleware(app) : app),
                ),
              ),
            ),
          ),
        ),
        Layer.unwrapEffect,
        Layer.provide([HttpApiBuilder.Router.Live, HttpApiBuilder.Middleware.layer]),
      )
      let node: Server | undefined
      const makeServer = () => {
        // Keep idle connections longer than the clients and proxies that reuse them (Node's 5 s
        // races a client sending on a socket the server is closing: ECONNRESET on a good request).
        node = createServer()
        node.keepAliveTimeout = keepAliveMs
        node.on("request", answerUntilServing)
        return node
      }
      // The routes, each with what it needs: any order works (a static route wins over the
      // console's fallback however they are added).
      return serve.pipe(
        Layer.provide([
          ApiLive,
          FeedsLive,
          PodcastUploadsLive,
          PodcastMediaLive,
          AiRunRouteLive,
          UnsubscribeLive,
          EmailOpenLive,
          TunnelLive(options.forwardTimeout),
          ConsoleLive,
          // The OpenAPI document of the API: ApiLive again, the same layer, built once.
          HttpApiBuilder.middlewareOpenApi({ path: "/api/openapi.json" }).pipe(Layer.provide(ApiLive)),
        ]),
        HttpServer.withLogAddress,
        Layer.merge(boundedShutdown(() => node)),
        Layer.provide(NodeHttpServer.layer(makeServer, { port: config.port, host: config.host })),
      )
    }),
  )

/**
 * The server and the job runner on what they share, built in start-up order: the migrated
 * database, then the configuration store (loaded), the first admin, and the error reporter.
 * Those are start-up steps, so this order is meant; the services the routes and jobs use bring
 * their own dependencies (see http/api.ts), and a service both use is one instance.
 */
export const ServerLive = (options: ServerOptions = {}) =>
  Layer.mergeAll(HttpLive(options), JobsLive).pipe(
    Layer.provide(ErrorReporterLive),
    Layer.provide(BootstrapLive),
    Layer.provide(ConfigLive),
    Layer.provide(DatabaseReady),
    untraced,
  )

/**
 * Nothing reads Effect's spans here (errors go to Sentry through its own SDK, logs carry their own
 * annotations), yet by default every request opens one with an attribute per header and every SQL
 * statement another: work and garbage on every request (docs/performance.md, "Folio against its
 * bare twin"). Both are off.
 */
const untraced = <A, E, R>(layer: Layer.Layer<A, E, R>) =>
  layer.pipe(
    HttpMiddleware.withTracerDisabledWhen(() => true),
    Layer.provide(Layer.setTracerEnabled(false)),
  )
