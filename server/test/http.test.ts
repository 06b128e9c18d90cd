import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { HttpServerRequest } from "@effect/platform"
import { FolioApi, Health } from "@folio/core"
import { Validator } from "@seriousme/openapi-schema-validator"
import { Effect, Logger, Option, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { latestMigration } from "../src/db/migrations.js"
import { startTestServer, type TestServer } from "./support/server.js"

const dist = mkdtempSync(join(tmpdir(), "folio-dist-"))
mkdirSync(join(dist, "assets"))
writeFileSync(
  join(dist, "index.html"),
  `<!doctype html><meta name="folio-deployment" content="__FOLIO_DEPLOYMENT_ID__"><div id="root"></div>`,
)
writeFileSync(join(dist, "assets", "index-abc123.js"), "console.log('console')")
writeFileSync(join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>")

const OpenApiDocument = Schema.Struct({
  openapi: Schema.String,
  info: Schema.Struct({ title: Schema.String }),
  paths: Schema.Record({
    key: Schema.String,
    value: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  }),
  components: Schema.Struct({
    securitySchemes: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  }),
})
const ServerErrorBody = Schema.Struct({
  _tag: Schema.Literal("InternalServerError"),
  message: Schema.String,
  digest: Schema.String,
})

const logged: Array<string> = []
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({
    config: { webDist: Option.some(dist) },
    logger: Logger.replace(
      Logger.defaultLogger,
      Logger.map(Logger.jsonLogger, (line) => logged.push(line)),
    ),
    middleware: (app) =>
      Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
        request.headers["x-test-boom"] ? Effect.die(new Error("boom from a test")) : app,
      ),
  })
})
afterAll(async () => {
  await server.stop()
  rmSync(dist, { recursive: true, force: true })
})

describe("GET /api/health", () => {
  it("reports the database, the migration, the version and the deployment", async () => {
    const response = await fetch(`${server.url}/api/health`)
    expect(response.status).toBe(200)
    expect(response.headers.get("x-folio-deployment")).toBe("test-deployment")
    const body = Schema.decodeUnknownSync(Health)(await response.json())
    expect(body).toMatchObject({
      status: "ok",
      deploymentId: "test-deployment",
      database: { ok: true, embedded: false },
      migration: { current: latestMigration, latest: latestMigration },
    })
    expect(body.database.engine).toMatch(/^PostgreSQL \d+/)
  })
})

describe("/api/openapi.json", () => {
  it("is an OpenAPI 3.x document listing every endpoint of the contract", async () => {
    const response = await fetch(`${server.url}/api/openapi.json`)
    expect(response.status).toBe(200)
    const text = await response.text()
    const document = Schema.decodeUnknownSync(
      Schema.parseJson(Schema.Record({ key: Schema.String, value: Schema.Unknown })),
    )(text)
    const validation = await new Validator().validate(document)
    expect(validation.errors ?? []).toEqual([])
    expect(validation.valid).toBe(true)
    const spec = Schema.decodeUnknownSync(Schema.parseJson(OpenApiDocument))(text)
    expect(spec.openapi).toMatch(/^3\.\d+\.\d+$/)
    expect(spec.info.title).toBe("Folio API")
    const expected = Object.values(FolioApi.groups).flatMap((group) =>
      Object.values(group.endpoints).map(
        (e) => `${e.method.toLowerCase()} ${e.path.replace(/:(\w+)/g, "{$1}")}`,
      ),
    )
    const listed = Object.entries(spec.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method} ${path}`),
    )
    expect(expected.length).toBeGreaterThanOrEqual(4)
    expect(listed.sort()).toEqual(expected.sort())
    expect(Object.keys(spec.components.securitySchemes).sort()).toEqual(["bearerToken", "sessionCookie"])
  })
})

describe("unknown API paths", () => {
  it("answer 404 UnrecognizedAction in JSON, for any method", async () => {
    for (const [method, path] of [
      ["GET", "/api/no-such-thing"],
      ["POST", "/api/health"],
      ["DELETE", "/api/reports/1/everything"],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, { method })
      expect(response.status, `${method} ${path}`).toBe(404)
      expect(response.headers.get("content-type")).toContain("application/json")
      expect(await response.json()).toMatchObject({ _tag: "UnrecognizedAction", method, path })
    }
  })
})

describe("request bodies", () => {
  const post = (path: string, body: string) =>
    fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body })

  it("over 2 MiB are refused with 413 PayloadTooLarge before anything is read", async () => {
    const response = await post("/api/session", `{"email":"${"a".repeat(3 * 1024 * 1024)}"}`)
    expect(response.status).toBe(413)
    expect(response.headers.get("connection")).toBe("close")
    expect(await response.json()).toEqual({
      _tag: "PayloadTooLarge",
      message: "The request body is larger than 2 MiB, the most the server accepts here.",
      maxBytes: 2 * 1024 * 1024,
    })
  })

  it("under the cap are read and answered as usual", async () => {
    const response = await post("/api/session", `{"email":"${"a".repeat(1024 * 1024)}","password":"x"}`)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ _tag: "HttpApiDecodeError" })
  })

  it("of an import batch may be up to 16 MiB, and no more", async () => {
    const batch = (bytes: number) =>
      JSON.stringify({ batchKey: "k".repeat(16), rows: [], pad: "x".repeat(bytes) })
    const over = await post("/api/reports/import", batch(17 * 1024 * 1024))
    expect(over.status).toBe(413)
    expect(await over.json()).toMatchObject({ _tag: "PayloadTooLarge", maxBytes: 16 * 1024 * 1024 })
    // Under the cap the request reaches the endpoint, which asks for a sign-in.
    const under = await post("/api/reports/import", batch(3 * 1024 * 1024))
    expect(under.status).toBe(401)
  })

  it("sent without a Content-Length are cut off at the cap, and the server carries on", async () => {
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 48; i++) controller.enqueue(new Uint8Array(64 * 1024).fill(0x61))
        controller.close()
      },
    })
    const refused = await fetch(`${server.url}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: chunks,
      duplex: "half",
    } as RequestInit).then(
      (response) => response.status,
      () => "connection closed",
    )
    expect([413, "connection closed"]).toContain(refused)
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
  })
})

describe("the console", () => {
  it("serves hashed assets as immutable and the shell as no-cache", async () => {
    const asset = await fetch(`${server.url}/assets/index-abc123.js`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
    expect(asset.headers.get("content-type")).toMatch(/javascript/)

    const shell = await fetch(`${server.url}/`)
    expect(shell.status).toBe(200)
    expect(shell.headers.get("cache-control")).toBe("no-cache")
    expect(await shell.text()).toContain('content="test-deployment"')
  })

  it("falls back to the shell for client routes and keeps missing assets a 404", async () => {
    const route = await fetch(`${server.url}/dashboard?tab=1`)
    expect(route.status).toBe(200)
    expect(await route.text()).toContain('<div id="root">')
    expect((await fetch(`${server.url}/assets/missing-0000.js`)).status).toBe(404)
    expect((await fetch(`${server.url}/favicon.svg`)).headers.get("cache-control")).toBe("no-cache")
  })

  it("never serves files outside the console folder", async () => {
    const response = await fetch(`${server.url}/assets/..%2f..%2f..%2fetc%2fpasswd`)
    expect(await response.text()).not.toContain("root:")
  })
})

describe("unexpected failures", () => {
  it("answer 500 JSON with a digest that the log line carries too", async () => {
    const response = await fetch(`${server.url}/api/health`, { headers: { "x-test-boom": "1" } })
    expect(response.status).toBe(500)
    const body = Schema.decodeUnknownSync(ServerErrorBody)(await response.json())
    expect(body.digest).toMatch(/^[0-9a-f]{12}$/)
    const line = logged.find((l) => l.includes(body.digest))
    expect(line).toBeDefined()
    expect(line).toContain("boom from a test")
  })
})
