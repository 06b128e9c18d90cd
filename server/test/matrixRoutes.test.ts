import { createHash, randomUUID } from "node:crypto"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { HttpApiBuilder } from "@effect/platform"
import {
  csrfCookieName,
  csrfHeaderName,
  FolioApi,
  grantFor,
  NewFeedToken,
  type Role,
  roles,
} from "@folio/core"
import { Chunk, Effect, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Need } from "../src/auth/authorize.js"
import { smallWav } from "./support/audio.js"
import { apiCall, cliSignIn, databaseOf, decodeBody, seedPassword } from "./support/directory.js"
import { type Ctx, type Fixtures, type RouteRow, routeRows, type Sent } from "./support/matrixRoutes.js"
import { startTestServer, type TestServer } from "./support/server.js"

/**
 * The role × route matrix for the routes outside the API contract (matrix.test.ts has the
 * contract's): one row per route in support/matrixRoutes.ts. The routes are read from the running
 * app's router, so a route added outside the contract without a row fails the first test.
 */

let server: TestServer
let db: ReturnType<typeof databaseOf>
let mediaDir: string
let counter = 0
const tokens = new Map<Role, string>()
let fixtures: Fixtures | undefined
let adminCookie: { readonly cookie: string; readonly csrf: string }

/**
 * The app's router, as the route layers see it: `HttpApiBuilder.Router` is one service per build
 * (its layer is memoised), so a layer built with the server's (passed where startTestServer
 * provides extra layers) gets the same router the routes were added to.
 */
let registered: (() => Promise<ReadonlyArray<string>>) | undefined
const routerProbe = HttpApiBuilder.Router.use((router) =>
  Effect.sync(() => {
    registered = () =>
      Effect.runPromise(router.router).then((app) => {
        // A mounted app's routes would not be listed: there is none, and the test says so.
        expect(Chunk.toReadonlyArray(app.mounts).map(([prefix]) => prefix)).toEqual([])
        return Chunk.toReadonlyArray(app.routes).map((route) => `${route.method} ${route.path}`)
      })
  }),
)

const table: Record<string, RouteRow> = routeRows({
  url: () => server.url,
  tokenOf: (role) => tokens.get(role) ?? "",
  fixtures: () => fixtures!,
  newShow: () => show(`Matrix routes show ${++counter}`),
  emailOpens: async () => {
    const rows = await db.query(
      (sql) => sql<{ count: number }>`
        select ((select count(*) from readership_pending where kind = 'email_open')
              + (select count(*) from readership_events where kind = 'email_open'))::int as count`,
    )
    return rows[0]!.count
  },
})

type Auth = { readonly bearer: string } | { readonly cookie: string; readonly csrf?: string } | null

const send = (sent: Sent, auth: Auth) =>
  fetch(`${server.url}${sent.path}`, {
    method: sent.method,
    headers: {
      ...sent.headers,
      ...(auth !== null && "bearer" in auth ? { authorization: `Bearer ${auth.bearer}` } : {}),
      ...(auth !== null && "cookie" in auth
        ? { cookie: auth.cookie, ...(auth.csrf === undefined ? {} : { [csrfHeaderName]: auth.csrf }) }
        : {}),
    },
    ...(sent.body === undefined ? {} : { body: sent.body }),
    redirect: "manual",
  })

/** The status, with the body in the failure message. */
const expectStatus = async (response: Response, status: number, what: string) => {
  const body = response.bodyUsed ? "" : await response.clone().text()
  expect(response.status, `${what}: ${body.slice(0, 300)}`).toBe(status)
}

const drain = async (response: Response) => {
  if (!response.bodyUsed) await response.arrayBuffer()
}

/** A refusal's body: the API's JSON, or the plain text tus clients show (a HEAD has none). */
const expectRefusal = async (
  response: Response,
  sent: Sent,
  format: "json" | "text",
  tag: string,
  message: string,
) => {
  if (sent.method === "HEAD") return drain(response)
  if (format === "json") expect(await response.json()).toEqual({ _tag: tag, message })
  else expect(await response.text()).toBe(message)
}

const show = async (title: string) => {
  const rows = await db.query(
    (sql) => sql<{ id: string }>`
      insert into podcast_shows (title, category) values (${title}, 'Business') returning id`,
  )
  return rows[0]!.id
}

/** Writes a file to the server's media folder under `key`, as the media store keeps it. */
const putMedia = (key: string, bytes: Uint8Array) => {
  const path = join(mediaDir, key)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, bytes)
}

const episode = async (
  showId: string,
  fields: { readonly status: "draft" | "published"; readonly audio: boolean; readonly companyId?: string },
) => {
  const id = randomUUID()
  const wav = smallWav(1)
  const key = fields.audio ? `audio/${id}/matrix.wav` : null
  if (key !== null) putMedia(key, wav)
  const audio = fields.audio
    ? { size: wav.length, sha256: createHash("sha256").update(wav).digest("hex") }
    : { size: null, sha256: null }
  await db.query(
    (sql) => sql`
      insert into podcast_episodes (id, show_id, title, status, published_at, transcript, audio_key, audio_format,
                                    audio_mime, audio_duration_seconds, audio_size, audio_sha256,
                                    audio_original_name, audio_uploaded_at)
      values (${id}, ${showId}, ${`Matrix routes episode ${++counter}`}, ${fields.status},
              ${fields.status === "published" ? new Date(Date.now() - 60_000) : null}, 'Speaker 1: matrix.',
              ${key}, ${key && "wav"}, ${key && "audio/wav"}, ${key && 1}, ${audio.size}, ${audio.sha256},
              ${key && "matrix.wav"}, ${key && new Date()})`,
  )
  await db.query(
    (sql) =>
      sql`insert into podcast_episode_audience (episode_id, company_id) values (${id}, ${fields.companyId ?? null})`,
  )
  return id
}

const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
)

/** A reader's private feed: its path, `/feeds/<token>`. */
const newFeed = async (token: string) => {
  const response = await apiCall(server, token, "POST", "/profile/feed")
  return new URL((await decodeBody(NewFeedToken, response)).url).pathname
}

beforeAll(async () => {
  mediaDir = mkdtempSync(join(tmpdir(), "folio-matrix-routes-"))
  server = await startTestServer({ config: { media: { kind: "local", dir: mediaDir } }, logger: routerProbe })
  db = databaseOf(server)
  const publisher = await db.publisherId()
  const client = await db.company("routes-client")
  const other = await db.company("routes-other")
  for (const role of roles) {
    if (role === "admin") {
      tokens.set(role, await cliSignIn(server, server.adminEmail, server.adminPassword))
      continue
    }
    // As in matrix.test.ts: the reader and the developer work for a client company.
    const email = `${role}@routes.test`
    const companyId = role === "reader" || role === "developer" ? client : publisher
    await db.user({ email, name: `The ${role}`, companyId, role })
    tokens.set(role, await cliSignIn(server, email, seedPassword))
  }

  const showWithArtwork = await show("Matrix routes weekly")
  const artworkKey = `artwork/${showWithArtwork}/matrix.png`
  putMedia(artworkKey, png)
  await db.query(
    (sql) => sql`
      update podcast_shows set artwork_key = ${artworkKey}, artwork_type = 'image/png', artwork_updated_at = now()
      where id = ${showWithArtwork}`,
  )
  const readerToken = tokens.get("reader")!
  const revokedFeed = await newFeed(readerToken)
  fixtures = {
    showWithArtwork,
    showWithoutArtwork: await show("Matrix routes, no artwork"),
    published: await episode(showWithArtwork, { status: "published", audio: true }),
    draft: await episode(showWithArtwork, { status: "draft", audio: true }),
    elsewhere: await episode(showWithArtwork, { status: "published", audio: true, companyId: other }),
    uploadTarget: await episode(showWithArtwork, { status: "draft", audio: false }),
    revokedFeed,
    // Making a new address replaces (revokes) the first.
    feed: await newFeed(readerToken),
  }

  const signIn = await fetch(`${server.url}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: server.adminEmail, password: server.adminPassword }),
  })
  expect(signIn.status).toBe(200)
  await drain(signIn)
  const cookies = signIn.headers.getSetCookie().map((line) => line.split(";")[0] ?? "")
  adminCookie = {
    cookie: cookies.join("; "),
    csrf: cookies.find((c) => c.startsWith(`${csrfCookieName}=`))?.slice(csrfCookieName.length + 1) ?? "",
  }
})

afterAll(async () => {
  await db?.close()
  await server?.stop()
  if (mediaDir) rmSync(mediaDir, { recursive: true, force: true })
})

const contract = new Set(
  Object.values(FolioApi.groups).flatMap((group) =>
    Object.values(group.endpoints).map((endpoint) => `${endpoint.method} ${endpoint.path}`),
  ),
)
const rows = Object.entries(table)

describe("the role × route matrix outside the contract", () => {
  it("has exactly one row for every route registered outside the contract", async () => {
    expect(registered, "the router probe was not built with the server").toBeDefined()
    const routes = await registered!()
    // The contract's endpoints are routes too (matrix.test.ts covers them): all of them, then the rest.
    expect([...contract].filter((key) => !routes.includes(key))).toEqual([])
    const outside = [...new Set(routes.filter((key) => !contract.has(key)))].sort()
    const missing = outside.filter((key) => !(key in table))
    expect(
      missing,
      `routes registered outside the contract without a row in server/test/support/matrixRoutes.ts: ${missing.join(", ")}`,
    ).toEqual([])
    const stale = Object.keys(table).filter((key) => !outside.includes(key))
    expect(
      stale,
      `rows of server/test/support/matrixRoutes.ts with no such route: ${stale.join(", ")}`,
    ).toEqual([])
  })

  for (const [key, row] of rows) {
    if (row.kind !== "policy") {
      it(`${key}: refusals as documented, never a 5xx, a session changes nothing`, async () => {
        for (const probe of await row.probes()) {
          for (const [who, auth] of [
            ["anonymous", null],
            ["an admin's session", { bearer: tokens.get("admin")! }],
          ] as const) {
            const what = `${probe.request.method} ${probe.request.path} (${probe.what}), ${who}`
            const response = await send(probe.request, auth)
            expect(response.status, what).toBeLessThan(500)
            await expectStatus(response, probe.status, what)
            if (probe.check) await probe.check(response)
            await drain(response)
          }
        }
      })
      continue
    }

    describe(key, () => {
      const granted = async (ctx: Ctx, auth: Auth, what: string) => {
        const sent = await row.request(ctx)
        const response = await send(sent, auth)
        await expectStatus(response, row.status, what)
        if (row.check) await row.check(response)
        await drain(response)
      }

      for (const role of roles) {
        const grant = grantFor(role, row.action)
        it(`${role} → ${grant === "none" ? "403" : row.status}`, async () => {
          const auth = { bearer: tokens.get(role)! }
          if (grant === "none") {
            const sent = await row.request({ role })
            const response = await send(sent, auth)
            await expectStatus(response, 403, role)
            await expectRefusal(
              response,
              sent,
              row.format,
              "Forbidden",
              `Your role (${role}) may not do this.`,
            )
            return
          }
          await granted({ role }, auth, role)
          for (const beyond of row.beyond ?? []) {
            const response = await send(await beyond.request({ role }), auth)
            await expectStatus(response, beyond.status(role), `${role}, ${beyond.what}`)
            await drain(response)
          }
        })
      }

      it("anonymous → 401, a bad bearer token → 401", async () => {
        const sent = await row.request({ role: null })
        const anonymous = await send(sent, null)
        await expectStatus(anonymous, 401, "anonymous")
        await expectRefusal(anonymous, sent, row.format, "Unauthorized", "Sign in to continue.")
        const bad = await send(await row.request({ role: null }), { bearer: "not-a-token" })
        await expectStatus(bad, 401, "a bad bearer token")
        await expectRefusal(
          bad,
          sent,
          row.format,
          "Unauthorized",
          "The token is invalid, expired or revoked. Sign in again.",
        )
      })

      const safe = ["GET", "HEAD", "OPTIONS"]
      it(`a console session${safe.includes(key.split(" ")[0]!) ? "" : " with its CSRF header (403 without)"} → ${row.status}`, async () => {
        const sent = await row.request({ role: "admin" })
        if (!safe.includes(sent.method)) {
          const forged = await send(sent, { cookie: adminCookie.cookie })
          await expectStatus(forged, 403, "the session cookie without its CSRF header")
          await expectRefusal(
            forged,
            sent,
            row.format,
            "Forbidden",
            "This request is missing its CSRF token. Reload the page and try again.",
          )
        }
        await granted({ role: "admin" }, adminCookie, "the session cookie with its CSRF header")
      })

      it(`an API token needs the "${row.need}" scope or a wider one`, async () => {
        const needs: ReadonlyArray<Need> = ["read", "write", "admin"]
        for (const scope of needs) {
          const token = await apiToken(scope)
          if (needs.indexOf(scope) < needs.indexOf(row.need)) {
            const sent = await row.request({ role: "admin" })
            const refused = await send(sent, { bearer: token })
            await expectStatus(refused, 403, `a "${scope}" token`)
            await expectRefusal(
              refused,
              sent,
              row.format,
              "Forbidden",
              `This API token lacks the "${row.need}" scope.`,
            )
          } else {
            await granted({ role: "admin" }, { bearer: token }, `a "${scope}" token`)
          }
        }
      })
    })
  }
})

/** An admin's API token with one scope, made once. */
const apiTokens = new Map<Need, string>()
const apiToken = async (scope: Need) => {
  const existing = apiTokens.get(scope)
  if (existing) return existing
  const response = await apiCall(server, tokens.get("admin")!, "POST", "/tokens", {
    name: `matrix routes ${scope}`,
    scopes: [scope],
    expiresInDays: 1,
  })
  const { secret } = await decodeBody(Schema.Struct({ secret: Schema.String }), response)
  apiTokens.set(scope, secret)
  return secret
}
