import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { HttpServerRequest } from "@effect/platform"
import { ConsoleRuntimeConfig, parseSentryDsn } from "@folio/core"
import { parseEnvelope } from "@sentry/core"
import { Effect, Logger, Option, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { type Ingest, startIngest } from "./support/ingest.js"
import { startTestServer, type TestServer } from "./support/server.js"

/**
 * The server's own Sentry SDK and the console's runtime config. A loopback receiver stands in
 * for Sentry: SENTRY_SERVER_DSN points at it (`http://key@127.0.0.1:<port>/7`).
 */

const dist = mkdtempSync(join(tmpdir(), "folio-dist-"))
writeFileSync(
  join(dist, "index.html"),
  `<!doctype html><meta name="folio-deployment" content="__FOLIO_DEPLOYMENT_ID__">` +
    `<script id="folio-runtime-config" type="application/json">__FOLIO_RUNTIME_CONFIG__</script><div id="root"></div>`,
)

const ServerErrorBody = Schema.Struct({ _tag: Schema.Literal("InternalServerError"), digest: Schema.String })
const SentryEvent = Schema.Struct({
  tags: Schema.Struct({ digest: Schema.String }),
  release: Schema.String,
  environment: Schema.String,
  exception: Schema.Struct({
    values: Schema.Array(Schema.Struct({ type: Schema.String, value: Schema.String })),
  }),
})

const logged: Array<string> = []
let sentry: Ingest
let server: TestServer

beforeAll(async () => {
  sentry = await startIngest()
  server = await startTestServer({
    config: {
      webDist: Option.some(dist),
      // A legacy DSN with a secret key: the browser must never see the secret.
      sentryDsn: Option.some(parseSentryDsn("https://public:secret@o42.ingest.de.sentry.io/7")!),
      sentryServerDsn: Option.some(parseSentryDsn(`http://serverkey@${new URL(sentry.url).host}/7`)!),
      sentryEnvironment: "staging</script><script>alert(1)</script>",
      tunnelPath: "/errors/tunnel",
    },
    logger: Logger.replace(
      Logger.defaultLogger,
      Logger.map(Logger.jsonLogger, (line) => logged.push(line)),
    ),
    middleware: (app) =>
      Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
        request.headers["x-test-boom"] ? Effect.die(new Error("boom for Sentry")) : app,
      ),
  })
})
afterAll(async () => {
  await server.stop()
  await sentry.close()
  rmSync(dist, { recursive: true, force: true })
})

describe("the console's runtime config", () => {
  it("is written into the HTML shell as JSON that cannot close its script element", async () => {
    const html = await (await fetch(`${server.url}/dashboard`)).text()
    expect(html).toContain('content="test-deployment"')
    expect(html).not.toContain("</script><script>alert(1)")
    const json = /<script id="folio-runtime-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1]
    expect(Schema.decodeUnknownSync(Schema.parseJson(ConsoleRuntimeConfig))(json)).toEqual({
      sentryDsn: "https://public@o42.ingest.de.sentry.io/7",
      tunnelPath: "/errors/tunnel",
      environment: "staging</script><script>alert(1)</script>",
      deploymentId: "test-deployment",
    })
  })
})

describe("FOLIO_TUNNEL_PATH", () => {
  it("moves the tunnel; the old path is an ordinary console route", async () => {
    const tunnel = await fetch(`${server.url}/errors/tunnel`)
    expect(tunnel.status).toBe(405)
    expect(tunnel.headers.get("allow")).toBe("POST")
    const old = await fetch(`${server.url}/monitoring`)
    expect(old.status).toBe(200)
    expect(old.headers.get("content-type")).toContain("text/html")
  })
})

describe("a server error with SENTRY_SERVER_DSN set", () => {
  it("reaches Sentry with the digest that the 500 body and the log line carry", async () => {
    const response = await fetch(`${server.url}/api/health`, { headers: { "x-test-boom": "1" } })
    expect(response.status).toBe(500)
    const { digest } = Schema.decodeUnknownSync(ServerErrorBody)(await response.json())
    expect(logged.find((line) => line.includes(digest))).toContain("boom for Sentry")

    await vi.waitFor(() => expect(sentry.received.length).toBeGreaterThan(0), { timeout: 10_000 })
    const request = sentry.received[0]!
    expect(request.url).toMatch(/^\/api\/7\/envelope\//)
    const [, items] = parseEnvelope(request.body)
    const event = items.find(([header]) => header.type === "event")?.[1]
    expect(Schema.decodeUnknownSync(SentryEvent)(event)).toMatchObject({
      tags: { digest },
      release: "test-deployment",
      exception: { values: [{ type: "Error", value: "boom for Sentry" }] },
    })
  })
})
