import { tanstackRouter } from "@tanstack/router-plugin/vite"
import react from "@vitejs/plugin-react"
import { defineConfig, loadEnv, type Plugin } from "vite"

const here = (path: string): string => decodeURIComponent(new URL(path, import.meta.url).pathname)

const vendorChunks: ReadonlyArray<readonly [string, RegExp]> = [
  ["react", /\/node_modules\/(react|react-dom|scheduler)\//],
  // No manual chunk for recharts: a manual chunk takes in every static dependency not in another
  // one (clsx, the router store's shim…), and the first screen would then load it. Left alone,
  // recharts goes with the lazy chart /kpis alone loads (web/e2e/first-load.spec.ts checks it).
]

const vendorChunkOf = (id: string): string | undefined =>
  vendorChunks.find(([, pattern]) => pattern.test(id))?.[0]

/** A string literal, or several joined with `+` (how the contract writes a long description). */
const prose =
  /(OpenApi\.(?:Description|Summary),\s*)(?:"(?:[^"\\]|\\.)*"|`[^`]*`)(?:\s*\+\s*(?:"(?:[^"\\]|\\.)*"|`[^`]*`))*/g

/**
 * The contract's OpenAPI prose (each endpoint's summary and description) is for the document the
 * server serves at /api/openapi.json, which the developer page reads; the console's typed client
 * needs none of it, and the whole contract is in every screen's first load.
 */
const contractProseOut = (): Plugin => ({
  name: "folio:contract-prose-out",
  enforce: "pre",
  transform: (code, id) => (/\/core\/src\/api\/[^/]+\.ts$/.test(id) ? code.replace(prose, '$1""') : null),
})

export default defineConfig(({ mode }) => {
  // `FOLIO_API_URL` (environment or web/.env) points the dev server's proxy at a running API server.
  const env = loadEnv(mode, here("."), "FOLIO_")
  return {
    root: here("."),
    plugins: [
      // Must come before the React plugin: it generates the route tree and splits each route's code.
      tanstackRouter({
        target: "react",
        autoCodeSplitting: true,
        routesDirectory: here("./src/routes"),
        generatedRouteTree: here("./src/routeTree.gen.ts"),
        // Its scratch folder, kept in web/ whatever the working directory (the root's vitest
        // loads this config too, and would otherwise leave a .tanstack folder at the top level).
        tmpDir: here("./.tanstack/tmp"),
        quoteStyle: "double",
        semicolons: false,
      }),
      react(),
      contractProseOut(),
    ],
    build: {
      // WEB_OUT_DIR builds elsewhere (two builds side by side on one checkout); web/dist by default.
      outDir: process.env.WEB_OUT_DIR ?? here("./dist"),
      emptyOutDir: true,
      // The server serves /assets with `immutable` caching, so every file there carries a content hash.
      assetsDir: "assets",
      target: "es2022",
      rollupOptions: {
        output: {
          // Libraries change less often than the console: separate chunks stay cached across releases.
          manualChunks: (id: string) => vendorChunkOf(id),
        },
      },
    },
    server: {
      proxy: { "/api": { target: env.FOLIO_API_URL ?? "http://127.0.0.1:3000" } },
    },
  }
})
