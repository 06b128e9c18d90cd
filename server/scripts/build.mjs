// Bundles the server (and @folio/core) into dist/main.js; npm packages stay external.
import { execSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { build } from "esbuild"

const root = new URL("../", import.meta.url)
const pkg = JSON.parse(readFileSync(new URL("../package.json", root), "utf8"))
const commit = (() => {
  try {
    return execSync("git rev-parse --short HEAD", { stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim()
  } catch {
    return "nogit"
  }
})()
const buildId = `${pkg.version}-${commit}-${Date.now().toString(36)}`

await build({
  entryPoints: [new URL("src/main.ts", root).pathname],
  outfile: new URL("dist/main.js", root).pathname,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  packages: "external",
  alias: { "@folio/core": new URL("../core/src/index.ts", root).pathname },
  define: { __FOLIO_VERSION__: JSON.stringify(pkg.version), __FOLIO_BUILD_ID__: JSON.stringify(buildId) },
  logLevel: "warning",
})
