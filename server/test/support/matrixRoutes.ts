import { type Action, aiRunPath, can, podcastUploadPath, type Role } from "@folio/core"
import { expect } from "vitest"
import type { Need } from "../../src/auth/authorize.js"

/**
 * The routes registered outside the API contract (`HttpApiBuilder.Router.use`), one row per
 * method and path exactly as the router holds them, each saying who may call it. The contract's
 * endpoints are matrix.test.ts's; matrixRoutes.test.ts reads the running app's router and fails
 * when a route outside the contract has no row here, or a row no route.
 */

export type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS"

/** One request, without its credentials (the test adds them). */
export interface Sent {
  readonly method: Method
  readonly path: string
  readonly headers?: Record<string, string>
  readonly body?: string | Uint8Array
}

/** The person a policy row's request is made for, or nobody (anonymous). */
export interface Ctx {
  readonly role: Role | null
}

/** A granted caller on an object outside what the grant reaches: its answer, by role. */
export interface Beyond {
  readonly what: string
  readonly status: (role: Role) => number
  readonly request: (ctx: Ctx) => Promise<Sent>
}

/** A request to a route authorised by its address (or by nothing): what it gets, signed in or not. */
export interface Probe {
  readonly what: string
  readonly request: Sent
  readonly status: number
  readonly check?: (response: Response) => Promise<void>
}

export type RouteRow =
  | {
      /** Signed in (a bearer token, or the session cookie with its CSRF header on writes), with the grant. */
      readonly kind: "policy"
      readonly who: string
      readonly action: Action
      readonly need: Need
      /** Refusals in the API's JSON (`_tag`, `message`), or as plain text (tus clients show it as is). */
      readonly format: "json" | "text"
      /** What a granted caller gets. */
      readonly status: number
      readonly request: (ctx: Ctx) => Promise<Sent>
      readonly check?: (response: Response) => Promise<void>
      readonly beyond?: ReadonlyArray<Beyond>
    }
  | {
      /**
       * `address`: authorised by a token or signature in the address, never by a session;
       * `anyone`: nothing to authorise (the console, the OpenAPI document, the tunnel's envelopes).
       * Each probe is sent anonymously and with an admin's session, and gets the same answer.
       */
      readonly kind: "address" | "anyone"
      readonly who: string
      readonly probes: () => Promise<ReadonlyArray<Probe>>
    }

/** What the rows act on, made by the test once the server runs. */
export interface Fixtures {
  /** A show with artwork in the media store. */
  readonly showWithArtwork: string
  readonly showWithoutArtwork: string
  /** Published to all clients, with audio in the media store and a transcript. */
  readonly published: string
  /** A draft with audio: only podcast managers hear it. */
  readonly draft: string
  /** Published with audio, for one company that is none of the callers'. */
  readonly elsewhere: string
  /** A draft without audio, for tus uploads to name. */
  readonly uploadTarget: string
  /** The path of a reader's private feed (`/feeds/<token>`), and of one revoked since. */
  readonly feed: string
  readonly revokedFeed: string
}

export interface Deps {
  readonly url: () => string
  /** A signed-in person's bearer token (admin: the first admin). */
  readonly tokenOf: (role: Role) => string
  readonly fixtures: () => Fixtures
  readonly newShow: () => Promise<string>
  /** Email opens recorded so far (pending and folded). */
  readonly emailOpens: () => Promise<number>
}

const nobody = "00000000-0000-4000-8000-000000000000"
const forgedSignature = "A".repeat(43)
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
)
export const uploadLength = 8_000
const tus = { "tus-resumable": "1.0.0" }
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",")

const manages = (role: Role) => can(role, "podcasts.manage")

/** The events of an SSE answer (`data:` lines of JSON). */
const sseEvents = async (response: Response): Promise<Array<{ type: string }>> =>
  (await response.text())
    .split("\n")
    .filter((line) => line.startsWith("data: "))
    .map((line) => JSON.parse(line.slice(6)) as { type: string })

export const routeRows = ({
  url,
  tokenOf,
  fixtures,
  newShow,
  emailOpens,
}: Deps): Record<string, RouteRow> => {
  /** Starts a tus upload as `role` (a podcast manager); its id. */
  const startUpload = async (role: Role) => {
    const response = await fetch(`${url()}${podcastUploadPath}`, {
      method: "POST",
      headers: {
        ...tus,
        authorization: `Bearer ${tokenOf(role)}`,
        "upload-length": String(uploadLength),
        "upload-metadata": metadata({ episodeId: fixtures().uploadTarget, filename: "matrix.wav" }),
      },
    })
    expect(response.status, await response.text()).toBe(201)
    return (response.headers.get("location") ?? "").split("/").at(-1) ?? ""
  }
  /** An upload the caller started (one an admin started for a caller who may not manage podcasts). */
  const ownUpload = (ctx: Ctx) => startUpload(ctx.role !== null && manages(ctx.role) ? ctx.role : "admin")
  /** An upload another manager started. */
  const othersUpload = (ctx: Ctx) => startUpload(ctx.role === "admin" ? "editor" : "admin")
  const notTheirs = (method: Method, extra: Record<string, string> = {}): Beyond => ({
    what: "an upload someone else started",
    status: () => 404,
    request: async (ctx) => ({
      method,
      path: `${podcastUploadPath}/${await othersUpload(ctx)}`,
      headers: { ...tus, ...extra },
    }),
  })
  const patchHeaders = { "upload-offset": "0", "content-type": "application/offset+octet-stream" }
  const patchBody = new Uint8Array(100)

  const policy = (
    who: string,
    action: Action,
    need: Need,
    status: number,
    request: (ctx: Ctx) => Promise<Sent>,
    more: Partial<Pick<Extract<RouteRow, { kind: "policy" }>, "format" | "check" | "beyond">> = {},
  ): RouteRow => ({ kind: "policy", who, action, need, status, request, format: "json", ...more })

  const listeners = "signed in, anyone (podcasts.listen, read scope): the episodes their reach hears"
  const audio = (method: "GET" | "HEAD"): RouteRow =>
    policy(
      listeners,
      "podcasts.listen",
      "read",
      200,
      async () => ({ method, path: `/api/podcasts/episodes/${fixtures().published}/audio` }),
      {
        check: async (response) => {
          expect(response.headers.get("content-type")).toBe("audio/wav")
          expect(response.headers.get("accept-ranges")).toBe("bytes")
        },
        beyond: [
          {
            what: "a draft (podcast managers hear drafts)",
            status: (role) => (manages(role) ? 200 : 404),
            request: async () => ({ method, path: `/api/podcasts/episodes/${fixtures().draft}/audio` }),
          },
          {
            what: "an episode for another client company only",
            status: (role) => (role === "reader" || role === "developer" ? 404 : 200),
            request: async () => ({ method, path: `/api/podcasts/episodes/${fixtures().elsewhere}/audio` }),
          },
          {
            what: "an episode that is not there",
            status: () => 404,
            request: async () => ({ method, path: `/api/podcasts/episodes/${nobody}/audio` }),
          },
        ],
      },
    )
  const artwork = (method: "GET" | "HEAD"): RouteRow =>
    policy(
      "signed in, anyone (podcasts.listen, read scope)",
      "podcasts.listen",
      "read",
      200,
      async () => ({ method, path: `/api/podcasts/shows/${fixtures().showWithArtwork}/artwork` }),
      {
        check: async (response) => expect(response.headers.get("content-type")).toBe("image/png"),
        beyond: [
          {
            what: "a show without artwork",
            status: () => 404,
            request: async () => ({
              method,
              path: `/api/podcasts/shows/${fixtures().showWithoutArtwork}/artwork`,
            }),
          },
        ],
      },
    )

  const feedToken =
    "a feed token in the address, never a session: the token owner's published episodes and reports"
  const noFeed = async (response: Response) => {
    const body = await response.text()
    if (body !== "") expect(body).toBe("No such feed.")
  }
  /** Probes of a feed route: `path(feed)` with bad tokens (404), and the valid one where noted. */
  const feedProbes =
    (
      method: "GET" | "HEAD",
      path: (feed: string) => string,
      valid: ReadonlyArray<[string, string, number]>,
    ) =>
    async (): Promise<ReadonlyArray<Probe>> => [
      ...[
        ["a malformed token", "/feeds/not-a-token"],
        ["an unknown token", `/feeds/fd_${"A".repeat(43)}`],
        ["a revoked token", fixtures().revokedFeed],
      ].map(
        ([what, feed]): Probe => ({
          what: what ?? "",
          request: { method, path: path(feed ?? "") },
          status: 404,
          check: noFeed,
        }),
      ),
      ...valid.map(
        ([what, suffix, status]): Probe => ({
          what,
          request: { method, path: `${path(fixtures().feed)}${suffix}` },
          status,
          ...(status === 404 ? { check: noFeed } : {}),
        }),
      ),
    ]
  const reportFeed = (method: "GET" | "HEAD", suffix: "" | "/rss"): RouteRow => ({
    kind: "address",
    who: feedToken,
    probes: feedProbes(method, (feed) => `${feed}${suffix}`, [["the reader's valid token", "", 200]]),
  })
  const episodeOfFeed = (method: "GET" | "HEAD", what: "audio" | "transcript"): RouteRow => ({
    kind: "address",
    who: feedToken,
    probes: async () => [
      ...(await feedProbes(method, (feed) => `${feed}/episodes/${fixtures().published}/${what}`, [
        ["the reader's valid token", "", 200],
      ])()),
      {
        what: "a valid token, a draft",
        request: { method, path: `${fixtures().feed}/episodes/${fixtures().draft}/${what}` },
        status: 404,
        check: noFeed,
      },
      {
        what: "a valid token, an episode for another company",
        request: { method, path: `${fixtures().feed}/episodes/${fixtures().elsewhere}/${what}` },
        status: 404,
        check: noFeed,
      },
    ],
  })
  const showOfFeed = (method: "GET" | "HEAD", what: "artwork" | "podcast"): RouteRow => ({
    kind: "address",
    who: feedToken,
    probes: async () => {
      const pathOf = (feed: string, showId: string) =>
        what === "artwork" ? `${feed}/shows/${showId}/artwork` : `${feed}/podcasts/${showId}`
      return [
        ...(await feedProbes(method, (feed) => pathOf(feed, fixtures().showWithArtwork), [
          ["the reader's valid token", "", 200],
        ])()),
        {
          what: "a valid token, a show that is not there",
          request: { method, path: pathOf(fixtures().feed, nobody) },
          status: 404,
          check: noFeed,
        },
      ]
    },
  })
  const otherFeedPath = (method: "GET" | "HEAD"): RouteRow => ({
    kind: "address",
    who: "nobody: any other path under /feeds/ is 404",
    probes: async () => [
      { what: "a deep path", request: { method, path: "/feeds/a/b/c/d/e" }, status: 404, check: noFeed },
      {
        what: "a valid token, a path it does not serve",
        request: { method, path: `${fixtures().feed}/other` },
        status: 404,
        check: noFeed,
      },
    ],
  })

  const unsubscribe = (method: "GET" | "HEAD" | "POST"): RouteRow => ({
    kind: "address",
    who: "a signed unsubscribe token in the address (RFC 8058 one-click), never a session",
    probes: async () =>
      [
        ["a malformed token", "/unsubscribe/not-a-token"],
        ["a forged signature", `/unsubscribe/reports.${nobody}.${forgedSignature}`],
      ].map(
        ([what, path]): Probe => ({
          what: what ?? "",
          request: {
            method,
            path: path ?? "",
            ...(method === "POST"
              ? {
                  headers: { "content-type": "application/x-www-form-urlencoded" },
                  body: "List-Unsubscribe=One-Click",
                }
              : {}),
          },
          status: 404,
          check: async (response) => {
            expect(response.headers.get("content-type")).toMatch(/^text\/html/)
            if (method !== "HEAD") expect(await response.text()).toContain("not valid")
          },
        }),
      ),
  })

  const consoleRoute = (method: "GET" | "HEAD"): RouteRow => ({
    kind: "anyone",
    who: "anyone: the console's files and HTML shell (the console signs in through the API)",
    probes: async () => [
      { what: "the shell", request: { method, path: "/" }, status: 200 },
      { what: "a console page", request: { method, path: "/reports" }, status: 200 },
      { what: "a missing asset", request: { method, path: "/assets/missing.js" }, status: 404 },
      {
        what: "a path climbing out of the build",
        request: { method, path: "/assets/..%2f..%2fpackage.json" },
        status: 404,
        check: async (response) => expect(await response.text()).toBe(method === "HEAD" ? "" : "Not found"),
      },
    ],
  })

  /** FOLIO_TUNNEL_PATH of the test servers (testConfig); the route is registered at whatever it is set to. */
  const tunnelPath = "/monitoring"
  const envelope = (dsn: string) =>
    `${JSON.stringify({ dsn, sent_at: new Date().toISOString() })}\n${JSON.stringify({ type: "event" })}\n${JSON.stringify({ message: "matrix" })}\n`

  const uploadOptions = (path: () => string): RouteRow => ({
    kind: "anyone",
    who: "anyone: tus's capabilities (no CORS for any origin); every other tus request is authorised",
    probes: async () => [
      {
        what: "the capabilities",
        request: { method: "OPTIONS", path: path(), headers: { origin: "https://elsewhere.example" } },
        status: 204,
        check: async (response) => {
          expect(response.headers.get("tus-version")).toContain("1.0.0")
          expect(response.headers.get("access-control-allow-origin")).toBeNull()
        },
      },
    ],
  })

  const managers = "editors and admins (podcasts.manage, write scope)"
  return {
    [`POST ${aiRunPath}`]: policy(
      "analysts, editors, admins (ai.use, write scope); a report only if they may read it",
      "ai.use",
      "write",
      200,
      async () => ({
        method: "POST",
        path: aiRunPath,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ provider: "offline", template: "free", prompt: "Matrix." }),
      }),
      {
        check: async (response) => {
          expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/)
          expect((await sseEvents(response)).at(-1)).toMatchObject({ type: "done" })
        },
        beyond: [
          {
            what: "a report that is not there",
            status: () => 404,
            request: async () => ({
              method: "POST",
              path: aiRunPath,
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ provider: "offline", template: "summarise", reportId: nobody }),
            }),
          },
        ],
      },
    ),

    [`POST ${podcastUploadPath}`]: policy(
      `${managers}: creates an upload for an episode`,
      "podcasts.manage",
      "write",
      201,
      async () => ({
        method: "POST",
        path: podcastUploadPath,
        headers: {
          ...tus,
          "upload-length": String(uploadLength),
          "upload-metadata": metadata({ episodeId: fixtures().uploadTarget, filename: "matrix.wav" }),
        },
      }),
      {
        format: "text",
        check: async (response) =>
          expect(response.headers.get("location")).toMatch(/\/api\/podcasts\/uploads\/[0-9a-f]{32}$/),
        beyond: [
          {
            what: "an episode that is not there",
            status: () => 404,
            request: async () => ({
              method: "POST",
              path: podcastUploadPath,
              headers: {
                ...tus,
                "upload-length": String(uploadLength),
                "upload-metadata": metadata({ episodeId: nobody, filename: "matrix.wav" }),
              },
            }),
          },
        ],
      },
    ),
    [`OPTIONS ${podcastUploadPath}`]: uploadOptions(() => podcastUploadPath),
    [`HEAD ${podcastUploadPath}/:uploadId`]: policy(
      `${managers}, only the one who started the upload (404 to anyone else)`,
      "podcasts.manage",
      "write",
      200,
      async (ctx) => ({ method: "HEAD", path: `${podcastUploadPath}/${await ownUpload(ctx)}`, headers: tus }),
      {
        format: "text",
        check: async (response) => expect(response.headers.get("upload-offset")).toBe("0"),
        beyond: [notTheirs("HEAD")],
      },
    ),
    [`PATCH ${podcastUploadPath}/:uploadId`]: policy(
      `${managers}, only the one who started the upload (404 to anyone else)`,
      "podcasts.manage",
      "write",
      204,
      async (ctx) => ({
        method: "PATCH",
        path: `${podcastUploadPath}/${await ownUpload(ctx)}`,
        headers: { ...tus, ...patchHeaders },
        body: patchBody,
      }),
      {
        format: "text",
        check: async (response) => expect(response.headers.get("upload-offset")).toBe("100"),
        beyond: [
          {
            ...notTheirs("PATCH", patchHeaders),
            request: async (ctx) => ({
              ...(await notTheirs("PATCH", patchHeaders).request(ctx)),
              body: patchBody,
            }),
          },
        ],
      },
    ),
    [`DELETE ${podcastUploadPath}/:uploadId`]: policy(
      `${managers}, only the one who started the upload (404 to anyone else)`,
      "podcasts.manage",
      "write",
      204,
      async (ctx) => ({
        method: "DELETE",
        path: `${podcastUploadPath}/${await ownUpload(ctx)}`,
        headers: tus,
      }),
      { format: "text", beyond: [notTheirs("DELETE")] },
    ),
    [`OPTIONS ${podcastUploadPath}/:uploadId`]: uploadOptions(() => `${podcastUploadPath}/${"0".repeat(32)}`),

    "GET /api/podcasts/episodes/:episodeId/audio": audio("GET"),
    "HEAD /api/podcasts/episodes/:episodeId/audio": audio("HEAD"),
    "PUT /api/podcasts/shows/:showId/artwork": policy(
      `${managers}: the body is the PNG or JPEG`,
      "podcasts.manage",
      "write",
      200,
      async () => ({
        method: "PUT",
        path: `/api/podcasts/shows/${await newShow()}/artwork`,
        headers: { "content-type": "image/png" },
        body: png,
      }),
      {
        check: async (response) =>
          expect(await response.json()).toMatchObject({ artworkType: "image/png", sizeBytes: png.length }),
        beyond: [
          {
            what: "a show that is not there",
            status: () => 404,
            request: async () => ({
              method: "PUT",
              path: `/api/podcasts/shows/${nobody}/artwork`,
              headers: { "content-type": "image/png" },
              body: png,
            }),
          },
        ],
      },
    ),
    "GET /api/podcasts/shows/:showId/artwork": artwork("GET"),
    "HEAD /api/podcasts/shows/:showId/artwork": artwork("HEAD"),

    "GET /feeds/:token": reportFeed("GET", ""),
    "HEAD /feeds/:token": reportFeed("HEAD", ""),
    "GET /feeds/:token/rss": reportFeed("GET", "/rss"),
    "HEAD /feeds/:token/rss": reportFeed("HEAD", "/rss"),
    "GET /feeds/:token/podcasts/:showId": showOfFeed("GET", "podcast"),
    "HEAD /feeds/:token/podcasts/:showId": showOfFeed("HEAD", "podcast"),
    "GET /feeds/:token/episodes/:episodeId/transcript": episodeOfFeed("GET", "transcript"),
    "HEAD /feeds/:token/episodes/:episodeId/transcript": episodeOfFeed("HEAD", "transcript"),
    "GET /feeds/:token/episodes/:episodeId/audio": episodeOfFeed("GET", "audio"),
    "HEAD /feeds/:token/episodes/:episodeId/audio": episodeOfFeed("HEAD", "audio"),
    "GET /feeds/:token/shows/:showId/artwork": showOfFeed("GET", "artwork"),
    "HEAD /feeds/:token/shows/:showId/artwork": showOfFeed("HEAD", "artwork"),
    "GET /feeds/*": otherFeedPath("GET"),
    "HEAD /feeds/*": otherFeedPath("HEAD"),

    "GET /email/open/:user/:report/:signature": {
      kind: "address",
      who: "a signed address (HMAC of user and report): the same image for any address; only a valid one records an open",
      probes: async () =>
        [
          ["a forged signature", `/email/open/${nobody}/${nobody}/${forgedSignature}`],
          ["a malformed address", "/email/open/someone/something/short"],
        ].map(
          ([what, path]): Probe => ({
            what: what ?? "",
            request: { method: "GET", path: path ?? "" },
            status: 200,
            check: async (response) => {
              expect(response.headers.get("content-type")).toBe("image/gif")
              expect(await emailOpens()).toBe(0)
            },
          }),
        ),
    },
    "GET /unsubscribe/:token": unsubscribe("GET"),
    "HEAD /unsubscribe/:token": unsubscribe("HEAD"),
    "POST /unsubscribe/:token": unsubscribe("POST"),

    [`* ${tunnelPath}`]: {
      kind: "anyone",
      who: "anyone, no cookie read: envelopes whose DSN the server accepts (POST only)",
      probes: async () => [
        { what: "a GET", request: { method: "GET", path: tunnelPath }, status: 405 },
        { what: "a PUT", request: { method: "PUT", path: tunnelPath, body: "x" }, status: 405 },
        {
          what: "not an envelope",
          request: { method: "POST", path: tunnelPath, body: "not json" },
          status: 400,
        },
        {
          what: "an envelope for a DSN the server does not accept",
          request: { method: "POST", path: tunnelPath, body: envelope("https://key@o1.ingest.sentry.io/1") },
          status: 403,
        },
      ],
    },
    "* /api/*": {
      kind: "anyone",
      who: "anyone: an /api path the contract does not know is a typed 404 (UnrecognizedAction)",
      probes: async () =>
        (
          [
            ["GET", "/api/no-such-thing"],
            ["DELETE", "/api/reports"],
            ["POST", "/api/no-such-thing"],
          ] as const
        ).map(
          ([method, path]): Probe => ({
            what: `${method} ${path}`,
            request: {
              method,
              path,
              ...(method === "POST" ? { headers: { "content-type": "application/json" }, body: "{}" } : {}),
            },
            status: 404,
            check: async (response) =>
              expect(await response.json()).toMatchObject({ _tag: "UnrecognizedAction", method, path }),
          }),
        ),
    },
    "GET /api/openapi.json": {
      kind: "anyone",
      who: "anyone: the contract's OpenAPI document",
      probes: async () => [
        {
          what: "the document",
          request: { method: "GET", path: "/api/openapi.json" },
          status: 200,
          check: async (response) => expect(await response.json()).toHaveProperty("openapi"),
        },
      ],
    },
    "GET *": consoleRoute("GET"),
    "HEAD *": consoleRoute("HEAD"),
  }
}
