// Bundles cli/src (with @folio/core and the npm packages it uses) into cli/dist with esbuild.
// `main.js` holds only commander and the command definitions; Effect, the API client and Ink are
// split into chunks that load when a command runs, so `folio --version` and `--help` stay fast.
// Run directly (`npm run build -w @folio/cli`) or imported by bin/folio.js when dist is missing.
import { randomBytes } from "node:crypto"
import { existsSync, renameSync, rmSync } from "node:fs"
import { fileURLToPath, pathToFileURL } from "node:url"

const cliDir = fileURLToPath(new URL("..", import.meta.url))
const distDir = `${cliDir}dist`

/**
 * Builds into a fresh folder and renames it into place, so a `folio` started while another one
 * builds never imports half-written files. With `replace: false` an existing dist (built by a
 * concurrent process) wins and the new build is discarded.
 */
export const buildCli = async ({ replace = true } = {}) => {
  const { build } = await import("esbuild")
  const started = performance.now()
  const tmpDir = `${distDir}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`
  try {
    const result = await build({
      absWorkingDir: cliDir,
      entryPoints: { main: "src/main.ts" },
      outdir: tmpDir,
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "node",
      target: "node20",
      jsx: "automatic",
      chunkNames: "chunks/[name]-[hash]",
      // React picks its development build from NODE_ENV at run time; fix it at build time.
      define: { "process.env.NODE_ENV": '"production"' },
      // Ink imports react-devtools-core only when DEV=true; it is not installed.
      external: ["react-devtools-core"],
      // Bundled CommonJS packages (react) may call require(); give ESM chunks one.
      banner: {
        js: 'import { createRequire as __folioCreateRequire } from "node:module"; const require = __folioCreateRequire(import.meta.url);',
      },
      minifySyntax: true,
      minifyWhitespace: true,
      sourcemap: false,
      legalComments: "none",
      metafile: true,
      logLevel: "warning",
    })
    if (replace) rmSync(distDir, { recursive: true, force: true })
    try {
      renameSync(tmpDir, distDir)
    } catch (error) {
      if (replace || !existsSync(distDir)) throw error
    }
    return { metafile: result.metafile, ms: performance.now() - started }
  } finally {
    rmSync(tmpDir, { recursive: true, force: true })
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { metafile, ms } = await buildCli()
  const outputs = Object.entries(metafile.outputs).filter(([file]) => file.endsWith(".js"))
  const total = outputs.reduce((sum, [, output]) => sum + output.bytes, 0)
  const main = outputs.find(([file]) => file.endsWith("/main.js"))
  process.stderr.write(
    `cli/dist built in ${Math.round(ms)} ms: ${outputs.length} files, ${(total / 1024).toFixed(0)} KiB (main.js ${((main?.[1].bytes ?? 0) / 1024).toFixed(1)} KiB)\n`,
  )
}
