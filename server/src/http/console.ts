import { existsSync, readFileSync } from "node:fs"
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

/**
 * Serves the built console: hashed files under /assets forever-cacheable, every other path
 * gets the HTML shell (SPA fallback), never cached, with the deployment id and the runtime
 * config stamped in so the console knows which deployment it belongs to and where to report.
 */
export const makeConsoleHandler = (distDir: string, runtime: ConsoleRuntimeConfig) => {
  const root = resolve(distDir)
  const indexPath = join(root, "index.html")
  const shell = existsSync(indexPath)
    ? readFileSync(indexPath, "utf8")
        .replaceAll("__FOLIO_DEPLOYMENT_ID__", runtime.deploymentId)
        .replaceAll("__FOLIO_RUNTIME_CONFIG__", scriptJson(runtime))
    : undefined

  const sendShell = HttpServerResponse.text(
    shell ??
      `<!doctype html><title>Folio</title><p>The console has not been built. Run <code>npm run build</code> and restart the server.</p>`,
    {
      status: shell ? 200 : 503,
      contentType: "text/html; charset=utf-8",
      headers: {
        "cache-control": "no-cache",
        "content-security-policy": consoleContentSecurityPolicy,
        ...securityHeaders,
      },
    },
  )

  return Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const pathname = decodeURIComponent(new URL(request.url, "http://localhost").pathname)
    if (pathname !== "/" && extname(pathname) !== "") {
      const file = normalize(join(root, pathname))
      if (file.startsWith(root + sep) && existsSync(file)) {
        const hashed = pathname.startsWith("/assets/")
        return yield* HttpServerResponse.file(file, {
          contentType: contentTypes[extname(file)] ?? "application/octet-stream",
          headers: { "cache-control": hashed ? immutable : "no-cache", ...securityHeaders },
        }).pipe(Effect.orDie)
      }
      if (pathname.startsWith("/assets/")) {
        return HttpServerResponse.text("Not found", { status: 404, headers: { "cache-control": "no-cache" } })
      }
    }
    return sendShell
  })
}
