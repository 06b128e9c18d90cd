import { tanstackRouter } from "@tanstack/router-plugin/vite"
import react from "@vitejs/plugin-react"
import { defineConfig, loadEnv } from "vite"

const here = (path: string): string => decodeURIComponent(new URL(path, import.meta.url).pathname)

const vendorChunks: ReadonlyArray<readonly [string, RegExp]> = [
  // With React (which every screen loads), the small modules the shell shares with recharts:
  // Mantine's clsx and the router store's use-sync-external-store shim. The charts chunk below
  // would otherwise take them in and, with them, become part of every screen.
  [
    "react",
    /\/node_modules\/((react|react-dom|scheduler|clsx)\/|use-sync-external-store\/(shim\/|cjs\/use-sync-external-store-shim))/,
  ],
  // recharts and the libraries only it uses, loaded by /kpis alone (its charts are React.lazy).
  // Rollup moves into a manual chunk every static dependency not in another manual chunk: a
  // library the first screen shares with recharts must not be matched here or left to be pulled
  // in, or every screen would import this chunk (web/e2e/first-load.spec.ts checks that none does).
  // @mantine/charts stays out for that reason (it imports @mantine/core); it goes with the lazy chart.
  [
    "charts",
    /\/node_modules\/(recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs\/toolkit|redux|redux-thunk|reselect|react-redux|immer|es-toolkit|decimal\.js-light|eventemitter3|tiny-invariant|@standard-schema\/utils)\//,
  ],
]

const vendorChunkOf = (id: string): string | undefined =>
  vendorChunks.find(([, pattern]) => pattern.test(id))?.[0]

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
