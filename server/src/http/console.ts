import { createHash } from "node:crypto"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { extname, join, normalize, resolve, sep } from "node:path"
import { HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { type ConsoleRuntimeConfig, localSentryDsn, normaliseSentryDsn } from "@folio/core"
import { Effect, Option } from "effect"
import { type AppConfigShape, deploymentIdOf } from "../config.js"

const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json",
  ".webmanifest": "application/manifest+json",
}

const immutable = "public, max-age=31536000, immutable"

/**
 * The console's Content-Security-Policy: scripts only from this origin and never inline (the
 * runtime config is a JSON data block, which CSP does not run, so no nonce is needed and the shell
 * stays cacheable); Mantine sets inline styles; the API and the error tunnel are same-origin.
 */
export const consoleContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ")
const securityHeaders = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
}

/**
 * What the console learns at load time, so one build runs anywhere. The DSN is rebuilt from its
 * parts, which drops a legacy DSN's secret key: the page is public.
 */
export const consoleRuntimeConfigOf = (config: AppConfigShape): ConsoleRuntimeConfig => ({
  sentryDsn: Option.match(config.sentryDsn, { onNone: () => localSentryDsn, onSome: normaliseSentryDsn }),
  tunnelPath: config.tunnelPath,
  environment: config.sentryEnvironment,
  deploymentId: deploymentIdOf(config),
})

/** JSON inside `<script type="application/json">`: no `<`, so no `</script>` can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c")

/** The encodings a client accepts (`Accept-Encoding`), leaving out those it gives `q=0`. */
export const acceptedEncodings = (header: string | undefined): ReadonlySet<string> => {
  const accepted = new Set<string>()
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";")
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="))
    if (name !== "" && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name)
  }
  return accepted
}

/** Precompressed copies the build writes beside each asset, best first. */
const encodings = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const

/**
 * The console's routes as the build listed them (`routes.json`, TanStack Router's full paths such
 * as `/reports/$reportId/`), as one test of a path. Without the list (a build from before it),
 * every path is the console's.
 */
export const consoleRouteTest = (routes: ReadonlyArray<string> | undefined): ((path: string) => boolean) => {
  if (routes === undefined) return () => true
  const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path)
  const patterns = routes.map((route) => {
    const source = trim(route)
      .split("/")
      .map((segment) =>
        segment === "$"
          ? ".*"
          : segment.startsWith("$")
            ? "[^/]+"
            : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
      )
      .join("/")
    return new RegExp(`^${source}$`)
  })
  return (path) => {
    const trimmed = trim(path)
    return patterns.some((pattern) => pattern.test(trimmed))
  }
}

const readRoutes = (root: string): ReadonlyArray<string> | undefined => {
  const path = join(root, "routes.json")
  if (!existsSync(path)) return undefined
  const routes: unknown = JSON.parse(readFileSync(path, "utf8"))
  return Array.isArray(routes) && routes.every((route) => typeof route === "string") ? routes : undefined
}

/**
 * Serves the built console: hashed files under /assets forever-cacheable, in the best
 * precompressed form the client accepts; every console path gets the HTML shell (SPA fallback),
 * revalidated by its ETag, with the deployment id and the runtime config stamped in so the console
 * knows which deployment it belongs to and where to report. A path that is none of the console's
 * routes gets the same shell with 404, so the console shows its not-found page and a crawler or a
 * link checker sees that the page does not exist.
 */
export const makeConsoleHandler = (distDir: string, runtime: ConsoleRuntimeConfig) => {
  const root = resolve(distDir)
  const indexPath = join(root, "index.html")
  const shell = existsSync(indexPath)
    ? readFileSync(indexPath, "utf8")
        .replaceAll("__FOLIO_DEPLOYMENT_ID__", runtime.deploymentId)
        .replaceAll("__FOLIO_RUNTIME_CONFIG__", scriptJson(runtime))
    : undefined

  const isConsoleRoute = consoleRouteTest(readRoutes(root))
  const shellText =
    shell ??
    `<!doctype html><title>Folio</title><p>The console has not been built. Run <code>npm run build</code> and restart the server.</p>`
  const shellTag = `"${createHash("sha256").update(shellText).digest("base64url").slice(0, 27)}"`
  const shellHeaders = {
    "cache-control": "no-cache",
    "content-security-policy": consoleContentSecurityPolicy,
    etag: shellTag,
    ...securityHeaders,
  }
  const sendShell = (status: number, ifNoneMatch: string | undefined) =>
    status === 200 &&
    ifNoneMatch !== undefined &&
    ifNoneMatch.split(",").some((tag) => tag.trim() === shellTag)
      ? HttpServerResponse.empty({ status: 304, headers: shellHeaders })
      : HttpServerResponse.text(shellText, {
          status: shell ? status : 503,
          contentType: "text/html; charset=utf-8",
          headers: shellHeaders,
        })

  // The precompressed copies, listed once: the build that wrote them is the one whose shell is served.
  const assetsDir = join(root, "assets")
  const compressed = new Set(
    existsSync(assetsDir)
      ? readdirSync(assetsDir).filter((name) => encodings.some((e) => name.endsWith(e.suffix)))
      : [],
  )
  const sendFile = (file: string, pathname: string, acceptEncoding: string | undefined) => {
    const hashed = pathname.startsWith("/assets/")
    const accepted = acceptedEncodings(acceptEncoding)
    const name = pathname.slice("/assets/".length)
    const encoding = hashed
      ? encodings.find((candidate) => accepted.has(candidate.name) && compressed.has(name + candidate.suffix))
      : undefined
    return HttpServerResponse.file(encoding === undefined ? file : file + encoding.suffix, {
      headers: {
        // The platform would take the type from the name on disk, `.br` or `.gz`: the asset's own.
        "content-type": contentTypes[extname(file)] ?? "application/octet-stream",
        "cache-control": hashed ? immutable : "no-cache",
        ...(hashed ? { vary: "Accept-Encoding" } : {}),
        ...(encoding === undefined ? {} : { "content-encoding": encoding.name }),
        ...securityHeaders,
      },
    }).pipe(Effect.orDie)
  }

  return Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const pathname = decodeURIComponent(new URL(request.url, "http://localhost").pathname)
    if (pathname !== "/" && extname(pathname) !== "") {
      const file = normalize(join(root, pathname))
      if (file.startsWith(root + sep) && existsSync(file)) {
        return yield* sendFile(file, pathname, request.headers["accept-encoding"])
      }
      if (pathname.startsWith("/assets/")) {
        return HttpServerResponse.text("Not found", { status: 404, headers: { "cache-control": "no-cache" } })
      }
    }
    return sendShell(isConsoleRoute(pathname) ? 200 : 404, request.headers["if-none-match"])
  })
}
