import { encodeCursor } from "@folio/core"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { cliSignIn, databaseOf } from "./support/directory.js"
import { openRequest, rawRequest } from "./support/rawHttp.js"
import { startTestServer, type TestServer } from "./support/server.js"

/**
 * Every route of the OpenAPI document, sent generated bad input (deep nesting, huge arrays, NUL,
 * lone surrogates, overflowing numbers, wrong types, malformed percent-encoding) in its body, path
 * and query, as an anonymous caller and as a signed-in reader: no answer is a 5xx, and every 400
 * names the field it refuses. A failure prints fast-check's seed and the smallest input found.
 */

interface Route {
  readonly method: string
  readonly path: string
  readonly pathParams: ReadonlyArray<string>
  readonly queryParams: ReadonlyArray<string>
  /** The body's top-level fields, or undefined when the route takes no body. */
  readonly bodyFields: ReadonlyArray<string> | undefined
}

type Schema = {
  $ref?: string
  properties?: Record<string, unknown>
  anyOf?: Array<Schema>
  oneOf?: Array<Schema>
}
type Operation = {
  parameters?: Array<{ in: string; name: string }>
  requestBody?: { content: Record<string, { schema: Schema }> }
}

const fieldsOf = (schema: Schema, components: Record<string, Schema>, seen = 0): Array<string> => {
  if (seen > 5) return []
  if (schema.$ref) {
    const target = components[schema.$ref.replace("#/components/schemas/", "")]
    return target ? fieldsOf(target, components, seen + 1) : []
  }
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]
  return [
    ...Object.keys(schema.properties ?? {}),
    ...branches.flatMap((branch) => fieldsOf(branch, components, seen + 1)),
  ]
}

const routesOf = (document: {
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, Schema> }
}): Array<Route> =>
  Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const body = operation.requestBody?.content["application/json"]?.schema
      return {
        method: method.toUpperCase(),
        path,
        pathParams: (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name),
        queryParams: (operation.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
        bodyFields: body ? [...new Set(fieldsOf(body, document.components.schemas))] : undefined,
      }
    }),
  )

/** Percent-encodes every UTF-16 unit as its (W)UTF-8 bytes, so lone surrogates reach the server. */
const rawEncode = (text: string): string => {
  let out = ""
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    if ((unit >= 0x30 && unit <= 0x39) || (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a)) {
      out += text[i]
      continue
    }
    const bytes =
      unit < 0x80
        ? [unit]
        : unit < 0x800
          ? [0xc0 | (unit >> 6), 0x80 | (unit & 0x3f)]
          : [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
    for (const byte of bytes) out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`
  }
  return out
}

const hostileText = fc.oneof(
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
  fc.constantFrom("\ud800", "a\udfffb", "\udc00\ud800", "x\u0000"),
  fc.constantFrom("3000000000", "-1", "1e309", "NaN", "-0", "99999999999999999999", "0x10", "2026-13-45"),
  fc.constantFrom("", " ", "x".repeat(600), "../..", "%", "null", "true", "[]", "{}"),
  fc.string({ maxLength: 40 }),
)

/** A URL segment or query value: hostile text percent-encoded, or raw bad escapes. */
const hostileSegment = fc.oneof(
  hostileText.map(rawEncode),
  fc.constantFrom("%", "%zz", "%00", "%ED%A0%80", "%F0%9F", "%C0%AF", "%FF"),
  fc.uuid(),
  // A well-formed cursor holding what a list never hands out: its values must not reach SQL casts.
  fc
    .array(fc.oneof(hostileText, fc.integer(), fc.double()), { maxLength: 3 })
    .map((values) => encodeCursor(values)),
)

const nested = (depth: number, leaf: unknown): unknown => {
  let value = leaf
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value }
  return value
}

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer({ min: 33, max: 400 }).map((depth) => nested(depth, 1)),
  fc.integer({ min: 1_001, max: 3_000 }).map((length) => Array.from({ length }, () => 0)),
  fc.constantFrom(3e9, -3e9, 1e308, -1, 0, 1.5, 2 ** 53 + 2, -(2 ** 31) - 1),
  fc.constantFrom(null, true, false, {}, [], [null], { "\u0000": 1 }),
  fc.array(hostileText, { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileText, { maxKeys: 3 }),
)

const bodyOf = (fields: ReadonlyArray<string>) =>
  fc
    .array(fc.tuple(fc.constantFrom(...fields, "unexpectedField"), hostileValue), {
      maxLength: fields.length + 1,
    })
    .map((entries) => JSON.stringify(Object.fromEntries(entries)))

const requestOf = (route: Route) =>
  fc.record({
    path: fc
      .tuple(...route.pathParams.map(() => hostileSegment))
      .map((values) =>
        route.pathParams.reduce((path, name, i) => path.replace(`{${name}}`, values[i] ?? ""), route.path),
      ),
    query: fc
      .array(fc.tuple(fc.constantFrom(...route.queryParams, "junk", "limit"), hostileSegment), {
        maxLength: 4,
      })
      .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join("&")),
    body: route.bodyFields === undefined ? fc.constant(undefined) : bodyOf(route.bodyFields),
  })

type Answer = { status: number; body: string }

/** A 400 must say which field it refuses: a non-empty path on its first issue, and a message. */
const expectAcceptable = (answer: Answer, what: string) => {
  if (answer.status >= 500) throw new Error(`${what} → ${answer.status}: ${answer.body.slice(0, 500)}`)
  if (answer.status !== 400) return
  let error: { message?: unknown; issues?: Array<{ path?: Array<unknown> }> }
  try {
    error = JSON.parse(answer.body)
  } catch {
    throw new Error(`${what} → a 400 that is not JSON: ${answer.body.slice(0, 200)}`)
  }
  if (typeof error.message !== "string" || error.message === "")
    throw new Error(`${what} → a 400 with no message`)
  const path = error.issues?.[0]?.path
  if (!Array.isArray(path) || path.length === 0)
    throw new Error(`${what} → a 400 that names no field: ${answer.body.slice(0, 300)}`)
}

let server: TestServer
let routes: Array<Route>
let readerToken: string

beforeAll(async () => {
  server = await startTestServer()
  const db = databaseOf(server)
  const companyId = await db.company("fuzz-client")
  await db.user({ email: "reader@fuzz.test", name: "Fuzz Reader", companyId, role: "reader" })
  await db.close()
  readerToken = await cliSignIn(server, "reader@fuzz.test")
  routes = routesOf(
    (await (await fetch(`${server.url}/api/openapi.json`)).json()) as Parameters<typeof routesOf>[0],
  )
})
afterAll(async () => {
  await server.stop()
})

describe("fuzzing every route of the OpenAPI document", () => {
  it("finds the routes", () => {
    expect(routes.length).toBeGreaterThan(50)
  })

  for (const identity of ["anonymous", "reader"] as const) {
    it(`as ${identity}: no 5xx, and every 400 names a field`, async () => {
      for (const route of routes) {
        // Signing out would end the reader's token mid-run; the route is fuzzed anonymously.
        if (identity === "reader" && route.method === "DELETE" && route.path === "/api/session") continue
        await fc.assert(
          fc.asyncProperty(requestOf(route), async (request) => {
            const url = `${server.url}${request.path}${request.query === "" ? "" : `?${request.query}`}`
            const headers = identity === "reader" ? { authorization: `Bearer ${readerToken}` } : {}
            const answer = await rawRequest(url, request.body, { method: route.method, headers })
            expectAcceptable(
              answer,
              `${identity} ${route.method} ${request.path}?${request.query} ${request.body ?? ""}`.slice(
                0,
                400,
              ),
            )
          }),
          { numRuns: 25 },
        )
      }
    }, 180_000)
  }

  it("a health request sent while a hostile body is arriving is answered first, on every route with a body", async () => {
    const hostile = `{"a":${"[".repeat(300_000)}${"]".repeat(300_000)}}`
    for (const route of routes.filter((r) => r.bodyFields !== undefined)) {
      const path = route.pathParams.reduce(
        (p, name) => p.replace(`{${name}}`, crypto.randomUUID()),
        route.path,
      )
      const request = openRequest(`${server.url}${path}`, {
        method: route.method,
        headers: { "content-type": "application/json", "content-length": String(hostile.length) },
      })
      await request.write(hostile.slice(0, hostile.length / 2))
      const health = await rawRequest(`${server.url}/api/health`, undefined, { method: "GET" })
      expect(health.status).toBe(200)
      expect(request.answered()).toBe(false)
      request.end(hostile.slice(hostile.length / 2))
      const answer = await request.answer
      expect(answer.status, `${route.method} ${route.path}`).toBe(400)
      expectAcceptable(answer, `${route.method} ${route.path}`)
    }
  }, 120_000)
})
