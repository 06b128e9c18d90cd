// What each layer of Folio's HTTP stack costs, in CPU per request: one PostgreSQL query answered as
// JSON by (1) a bare node:http + pg server, (2) Effect's HttpRouter with @effect/sql-pg, (3)
// Effect's HttpApiBuilder with one endpoint, each with Effect's spans on and off; and one query
// run in-process through pg and through @effect/sql-pg (select 1, and 200 rows whose names are
// camel-cased). Folio's own figure for the same work is GET /api/health in api-twins.mjs.
// Usage: node server/bench/effect-layers.mjs; BENCH_DATABASE_URL (any PostgreSQL database; no
// tables needed), BENCH_SECONDS (6), BENCH_CONNECTIONS (16).
import { spawn } from "node:child_process"
import { createServer } from "node:http"
import {
  HttpApi,
  HttpApiBuilder,
  HttpApiEndpoint,
  HttpApiGroup,
  HttpMiddleware,
  HttpRouter,
  HttpServer,
  HttpServerResponse,
} from "@effect/platform"
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import autocannon from "autocannon"
import { Effect, Layer, Redacted, Schema, String as Str } from "effect"
import pg from "pg"
import { cpuMs, freePort, waitFor } from "./processes.mjs"

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"
const seconds = Number(process.env.BENCH_SECONDS ?? 6)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16)
const query = "select current_setting('server_version') as server_version, 1 as one"

// --- the servers, when this file is started as one (BENCH_SERVE=bare|router|api) ----------------
const serve = process.env.BENCH_SERVE
if (serve === "bare") {
  const pool = new pg.Pool({ connectionString: url, max: 20 })
  createServer(async (_request, response) => {
    const rows = (await pool.query(query)).rows
    response.writeHead(200, { "content-type": "application/json" })
    response.end(JSON.stringify({ status: "ok", rows }))
  }).listen(Number(process.env.PORT), "127.0.0.1")
} else if (serve) {
  const sqlLayer = PgClient.layer({
    url: Redacted.make(url),
    maxConnections: 20,
    transformResultNames: Str.snakeToCamel,
  })
  const rowsOf = Effect.flatMap(SqlClient.SqlClient, (sql) => sql.unsafe(query))
  let app
  if (serve === "router") {
    const router = HttpRouter.empty.pipe(
      HttpRouter.get(
        "/",
        Effect.map(rowsOf, (rows) => HttpServerResponse.unsafeJson({ status: "ok", rows })),
      ),
    )
    app = HttpServer.serve(router)
  } else {
    const Row = Schema.Struct({ serverVersion: Schema.String, one: Schema.Number })
    const Api = HttpApi.make("bench").add(
      HttpApiGroup.make("g").add(
        HttpApiEndpoint.get("health", "/").addSuccess(
          Schema.Struct({ status: Schema.String, rows: Schema.Array(Row) }),
        ),
      ),
    )
    const handlers = HttpApiBuilder.group(Api, "g", (h) =>
      h.handle("health", () => Effect.map(rowsOf, (rows) => ({ status: "ok", rows }))),
    )
    app = HttpApiBuilder.serve().pipe(Layer.provide(HttpApiBuilder.api(Api).pipe(Layer.provide(handlers))))
  }
  const layer = app.pipe(
    Layer.provide(NodeHttpServer.layer(createServer, { port: Number(process.env.PORT), host: "127.0.0.1" })),
    Layer.provide(sqlLayer),
  )
  NodeRuntime.runMain(
    Layer.launch(
      process.env.BENCH_UNTRACED
        ? layer.pipe(
            HttpMiddleware.withTracerDisabledWhen(() => true),
            Layer.provide(Layer.setTracerEnabled(false)),
          )
        : layer,
    ),
  )
} else {
  // --- the bench ------------------------------------------------------------------------------------
  const load = (target, duration) =>
    new Promise((resolve, reject) =>
      autocannon({ url: target, connections, duration }, (err, r) => (err ? reject(err) : resolve(r))),
    )
  console.log(
    `One query as JSON, ${connections} connections, ${seconds} s after a warm-up; CPU of the server's process`,
  )
  for (const [kind, untraced] of [
    ["bare", ""],
    ["router", ""],
    ["router", "1"],
    ["api", ""],
    ["api", "1"],
  ]) {
    const port = await freePort()
    const child = spawn(process.execPath, [new URL(import.meta.url).pathname], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, PORT: String(port), BENCH_SERVE: kind, BENCH_UNTRACED: untraced },
    })
    try {
      await waitFor(`http://127.0.0.1:${port}/`, child)
      await load(`http://127.0.0.1:${port}/`, 3)
      const cpu = cpuMs(child.pid)
      const r = await load(`http://127.0.0.1:${port}/`, seconds)
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${kind}: ${r.non2xx} non-2xx, ${r.errors} errors`)
      const name = { bare: "node:http + pg", router: "Effect HttpRouter", api: "Effect HttpApiBuilder" }[kind]
      console.log(
        `  ${`${name}${kind === "bare" ? "" : untraced ? ", no spans" : ", spans"}`.padEnd(34)} ${r.requests.average.toFixed(0).padStart(6)}/s  ${((cpuMs(child.pid) - cpu) / r.requests.total).toFixed(3)} ms CPU a request`,
      )
    } finally {
      child.kill("SIGTERM")
    }
  }

  // One statement at a time, four at once, in this process: pg against @effect/sql-pg.
  const pool = new pg.Pool({ connectionString: url, max: 4 })
  const cpu = () => {
    const u = process.cpuUsage()
    return (u.user + u.system) / 1000
  }
  const n = 2000
  const statements = [
    ["select 1", "select 1 as one_value, $1::int as other_value"],
    [
      "200 rows",
      "select g as row_id, g * 2 as twice_that, 'x' || g as row_name, now() as created_at from generate_series(1, 200 + $1) g",
    ],
  ]
  console.log(`Statements in-process, ${n} each, four at a time: CPU of this process`)
  for (const [name, text] of statements) {
    const c = cpu()
    for (let i = 0; i < n / 4; i++) await Promise.all([0, 1, 2, 3].map(() => pool.query(text, [0])))
    const bare = (cpu() - c) / n
    const layer = PgClient.layerFromPool({
      acquire: Effect.succeed(pool),
      transformResultNames: Str.snakeToCamel,
      transformQueryNames: Str.camelToSnake,
    })
    const timed = Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const one = sql.unsafe(text, [0])
      const c0 = cpu()
      for (let i = 0; i < n / 4; i++) yield* Effect.all([one, one, one, one], { concurrency: 4 })
      return (cpu() - c0) / n
    })
    const spans = await Effect.runPromise(timed.pipe(Effect.provide(layer)))
    const none = await Effect.runPromise(
      timed.pipe(Effect.provide(Layer.merge(layer, Layer.setTracerEnabled(false)))),
    )
    console.log(
      `  ${name.padEnd(9)} pg ${bare.toFixed(3)} ms; @effect/sql-pg (names camel-cased) ${spans.toFixed(3)} ms with spans, ${none.toFixed(3)} ms without`,
    )
  }
  await pool.end()
}
