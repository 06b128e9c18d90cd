// After `vite build`: lists the console's routes for the server (dist/routes.json, so an unknown
// path is answered 404) and writes a brotli and a gzip copy beside each hashed asset, which the
// server sends to clients that accept them (see server/src/http/console.ts).
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { brotliCompress, constants, gzip } from "node:zlib"

const web = fileURLToPath(new URL("..", import.meta.url))
const dist = process.env.WEB_OUT_DIR ?? join(web, "dist")

// The full paths of every route, from the route tree the router plugin generated for this build.
const tree = readFileSync(join(web, "src", "routeTree.gen.ts"), "utf8")
const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(tree)?.[1]
if (block === undefined)
  throw new Error("routeTree.gen.ts has no FileRoutesByFullPath: cannot list the routes")
const routes = [...block.matchAll(/^\s*"([^"]+)":/gm)].map((match) => match[1])
if (!routes.includes("/")) throw new Error(`the route list looks wrong: ${routes.join(", ")}`)
writeFileSync(join(dist, "routes.json"), `${JSON.stringify(routes, null, 2)}\n`)

const compressible = /\.(js|mjs|css|html|json|svg|txt|map|webmanifest)$/
const brotliOf = promisify(brotliCompress)
const gzipOf = promisify(gzip)
// Compressed on libuv's threads, several files at once. Brotli's best quality (11) takes seconds
// a megabyte; the few files past one megabyte (the API reference, loaded on its own page) get 9.
const sizes = await Promise.all(
  readdirSync(join(dist, "assets"))
    .filter((name) => compressible.test(name))
    .map(async (name) => {
      const path = join(dist, "assets", name)
      const bytes = readFileSync(path)
      const [br, gz] = await Promise.all([
        brotliOf(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: bytes.length > 1024 * 1024 ? 9 : 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipOf(bytes, { level: 9 }),
      ])
      writeFileSync(`${path}.br`, br)
      writeFileSync(`${path}.gz`, gz)
      return { original: bytes.length, brotli: br.length }
    }),
)
const original = sizes.reduce((sum, size) => sum + size.original, 0)
const brotli = sizes.reduce((sum, size) => sum + size.brotli, 0)
console.log(
  `dist/routes.json: ${routes.length} routes; assets compressed: ${(original / 1024).toFixed(0)} KiB, ${(brotli / 1024).toFixed(0)} KiB as brotli`,
)
