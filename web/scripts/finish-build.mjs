// After `vite build`: lists the console's routes for the server (dist/routes.json, so an unknown
// path is answered 404) and writes a brotli and a gzip copy beside each hashed asset, which the
// server sends to clients that accept them (see server/src/http/console.ts).
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { brotliCompressSync, constants, gzipSync } from "node:zlib"

const web = fileURLToPath(new URL("..", import.meta.url))
const dist = join(web, "dist")

// The full paths of every route, from the route tree the router plugin generated for this build.
const tree = readFileSync(join(web, "src", "routeTree.gen.ts"), "utf8")
const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(tree)?.[1]
if (block === undefined)
  throw new Error("routeTree.gen.ts has no FileRoutesByFullPath: cannot list the routes")
const routes = [...block.matchAll(/^\s*"([^"]+)":/gm)].map((match) => match[1])
if (!routes.includes("/")) throw new Error(`the route list looks wrong: ${routes.join(", ")}`)
writeFileSync(join(dist, "routes.json"), `${JSON.stringify(routes, null, 2)}\n`)

const compressible = /\.(js|mjs|css|html|json|svg|txt|map|webmanifest)$/
let original = 0
let brotli = 0
for (const name of readdirSync(join(dist, "assets"))) {
  if (!compressible.test(name)) continue
  const path = join(dist, "assets", name)
  const bytes = readFileSync(path)
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  })
  writeFileSync(`${path}.br`, br)
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }))
  original += bytes.length
  brotli += br.length
}
console.log(
  `dist/routes.json: ${routes.length} routes; assets compressed: ${(original / 1024).toFixed(0)} KiB, ${(brotli / 1024).toFixed(0)} KiB as brotli`,
)
