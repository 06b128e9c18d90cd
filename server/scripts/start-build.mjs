// Builds the console, the server and the CLI — or, when nothing they are built from has changed
// since the last build, says so and builds nothing, so a second `npm start` serves in seconds.
//
//   node server/scripts/start-build.mjs            build when the sources changed (what `npm start` runs)
//   node server/scripts/start-build.mjs --always   build whatever the stamp says (what `npm run build` runs)
//   node server/scripts/start-build.mjs --check    exit 0 when the build is current, 1 when not; builds nothing
//
// "Current" means: the outputs exist, and a SHA-256 over every source file of the four packages
// (their src, scripts, config and package files, but not tests or benchmarks) and the lockfile is
// the one stamped after the last successful build (node_modules/.cache/folio/build-stamp.json).
import { spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("../..", import.meta.url))
const packages = ["core", "server", "web", "cli"]
/** Folders that hold no build input: dependencies, outputs, tests, benchmarks, scratch. */
const skipped = new Set(["node_modules", "dist", "test", "e2e", "bench", "test-results", ".tanstack"])
/** Generated during the build from other inputs (the route files). */
const generated = /\.gen\.ts$/
const stampPath = join(root, "node_modules", ".cache", "folio", "build-stamp.json")
const outputs = ["web/dist/index.html", "server/dist/main.js", "cli/dist/main.js"]

const filesUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name)) return []
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return filesUnder(path)
    return entry.isFile() && !generated.test(entry.name) ? [path] : []
  })

/** The hash of every build input, by path and content, in a stable order. */
const sourceHash = () => {
  const files = [
    ...packages.flatMap((name) => filesUnder(join(root, name))),
    join(root, "package.json"),
    join(root, "package-lock.json"),
    join(root, "tsconfig.json"),
  ]
    .map((path) => relative(root, path))
    .sort()
  const hash = createHash("sha256")
  for (const file of files) {
    hash.update(`${file}\0`)
    hash.update(readFileSync(join(root, file)))
    hash.update("\0")
  }
  return hash.digest("hex")
}

const stampedHash = () => {
  try {
    return JSON.parse(readFileSync(stampPath, "utf8")).sources ?? null
  } catch {
    return null
  }
}

/** Why the build is not current, or null when it is. */
const staleBecause = (hash = sourceHash()) => {
  const missing = outputs.find((output) => !existsSync(join(root, output)))
  if (missing !== undefined) return `${missing} is missing`
  const stamped = stampedHash()
  if (stamped === null) return "no build has been stamped yet"
  return stamped === hash ? null : "the sources changed since the last build"
}

const main = () => {
  const mode = process.argv[2] ?? "auto"
  if (!["auto", "--always", "--check"].includes(mode)) {
    process.stderr.write(`Unknown option ${mode}: use --always or --check, or nothing.\n`)
    process.exit(2)
  }
  const hash = sourceHash()
  const reason = staleBecause(hash)
  if (mode === "--check") {
    process.stdout.write(
      reason === null ? "The build is current.\n" : `The build is not current: ${reason}.\n`,
    )
    process.exit(reason === null ? 0 : 1)
  }
  if (mode === "auto" && reason === null) {
    process.stdout.write("The build is current (no source changed since it was made); not building again.\n")
    return
  }
  if (mode === "auto") process.stdout.write(`Building: ${reason}.\n`)
  const build = spawnSync("npm", ["run", "build:packages", "--silent"], { cwd: root, stdio: "inherit" })
  if (build.status !== 0) process.exit(build.status ?? 1)
  mkdirSync(dirname(stampPath), { recursive: true })
  writeFileSync(stampPath, `${JSON.stringify({ sources: hash, builtAt: new Date().toISOString() })}\n`)
}

if (fileURLToPath(import.meta.url) === resolve(process.argv[1] ?? "")) main()
