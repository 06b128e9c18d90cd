import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { request } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib"
import { Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { acceptedEncodings, consoleRouteTest } from "../src/http/console.js"
import { startTestServer, type TestServer } from "./support/server.js"

// A built console as `npm run build -w @folio/web` leaves it: the shell, hashed assets with their
// brotli and gzip copies, and the route list.
const dist = mkdtempSync(join(tmpdir(), "folio-console-files-"))
const script = `console.log(${JSON.stringify("the console ".repeat(200))})`
mkdirSync(join(dist, "assets"))
writeFileSync(join(dist, "index.html"), '<!doctype html><title>Folio</title><div id="root"></div>')
writeFileSync(join(dist, "assets", "index-abc123.js"), script)
writeFileSync(join(dist, "assets", "index-abc123.js.br"), brotliCompressSync(script))
writeFileSync(join(dist, "assets", "index-abc123.js.gz"), gzipSync(script))
writeFileSync(join(dist, "color-scheme.js"), "/* not hashed */")
writeFileSync(
  join(dist, "routes.json"),
  JSON.stringify([
    "/",
    "/404",
    "/login",
    "/reports/",
    "/reports/$reportId/",
    "/users/$userId",
    "/forgot-password/",
  ]),
)

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ config: { webDist: Option.some(dist) } })
})
afterAll(async () => {
  await server.stop()
  rmSync(dist, { recursive: true, force: true })
})

/** A raw GET (fetch would decode the body and hide Content-Encoding's effect). */
const get = (path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: Record<string, string | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${server.url}${path}`, { headers }, (res) => {
        const chunks: Array<Buffer> = []
        res.on("data", (chunk: Buffer) => chunks.push(chunk))
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string | undefined>,
            body: Buffer.concat(chunks),
          }),
        )
      })
      req.on("error", reject)
      req.end()
    },
  )

describe("the console's files", () => {
  it("sends the best precompressed asset the client accepts, and says that it varies", async () => {
    const br = await get("/assets/index-abc123.js", { "accept-encoding": "gzip, deflate, br" })
    expect(br.status).toBe(200)
    expect(br.headers["content-encoding"]).toBe("br")
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(br.headers["content-type"]).toMatch(/^text\/javascript/)
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
    expect(brotliDecompressSync(br.body).toString()).toBe(script)

    const gzip = await get("/assets/index-abc123.js", { "accept-encoding": "br;q=0, gzip" })
    expect(gzip.headers["content-encoding"]).toBe("gzip")
    expect(gunzipSync(gzip.body).toString()).toBe(script)

    const plain = await get("/assets/index-abc123.js")
    expect(plain.headers["content-encoding"]).toBeUndefined()
    expect(plain.headers.vary).toMatch(/accept-encoding/i)
    expect(plain.body.toString()).toBe(script)
  })

  it("revalidates the shell by its ETag: 304 when it has not changed", async () => {
    const first = await get("/reports")
    expect(first.status).toBe(200)
    expect(first.headers["cache-control"]).toBe("no-cache")
    const etag = first.headers.etag
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await get("/reports", { "if-none-match": etag ?? "" })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect((await get("/reports", { "if-none-match": '"something-else"' })).status).toBe(200)
  })

  it("answers 404 with the console's shell for a path that is none of its routes", async () => {
    for (const path of [
      "/",
      "/login",
      "/reports",
      "/reports/",
      "/reports/8f14e45f",
      "/users/42",
      "/forgot-password",
    ])
      expect((await get(path)).status, path).toBe(200)
    for (const path of ["/no-such-page", "/reports/8f14e45f/nope", "/users", "/coverage"]) {
      const answer = await get(path)
      expect(answer.status, path).toBe(404)
      expect(answer.body.toString(), path).toContain('<div id="root">')
    }
    const api = await get("/api/no-such-thing")
    expect(api.status).toBe(404)
    expect(api.headers["content-type"]).toMatch(/^application\/json/)
  })
})

describe("the pieces", () => {
  it("reads Accept-Encoding with its weights", () => {
    expect([...acceptedEncodings("gzip, deflate, br")]).toEqual(["gzip", "deflate", "br"])
    expect([...acceptedEncodings("br;q=0, gzip;q=0.5")]).toEqual(["gzip"])
    expect([...acceptedEncodings(undefined)]).toEqual([])
  })

  it("matches route patterns, and takes every path as the console's without a route list", () => {
    const test = consoleRouteTest(["/", "/companies/$companyId/teams/$teamId", "/files/$"])
    expect(test("/companies/a/teams/b")).toBe(true)
    expect(test("/companies/a/teams")).toBe(false)
    expect(test("/files/a/b/c")).toBe(true)
    expect(consoleRouteTest(undefined)("/anything")).toBe(true)
  })
})
