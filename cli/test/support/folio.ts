import { spawn } from "node:child_process"
import { mkdtemp, readdir, rm, stat } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const cliDir = fileURLToPath(new URL("../../", import.meta.url))
export const folioBin = join(cliDir, "bin", "folio.js")

export interface FolioRun {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** Variables the CLI reads; cleared so the developer's own login never leaks into a test. */
const folioEnv = [
  "FOLIO_URL",
  "FOLIO_TOKEN",
  "FOLIO_CONFIG_DIR",
  "XDG_CONFIG_HOME",
  "NO_COLOR",
  "FORCE_COLOR",
]

/**
 * Runs the real `folio` bin as a child process, with pipes (so never a TTY) and its own config
 * dir. Asynchronous on purpose: the server under test lives in this process and must keep
 * answering while the child waits for it.
 */
export const runFolio = (
  args: ReadonlyArray<string>,
  options: { readonly configDir: string; readonly env?: Record<string, string>; readonly stdin?: string },
): Promise<FolioRun> =>
  new Promise((resolve, reject) => {
    const env: Record<string, string | undefined> = { ...process.env }
    for (const name of folioEnv) delete env[name]
    const child = spawn(process.execPath, [folioBin, ...args], {
      env: { ...env, FOLIO_CONFIG_DIR: options.configDir, ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    })
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    child.on("error", reject)
    child.on("close", (code) => resolve({ code, stdout, stderr }))
    child.stdin.end(options.stdin ?? "")
  })

/** A config dir of its own for each test, so credentials never cross between tests. */
export const tempConfigDir = async (): Promise<{
  readonly path: string
  readonly remove: () => Promise<void>
}> => {
  const path = await mkdtemp(join(tmpdir(), "folio-cli-test-"))
  return { path: join(path, "folio"), remove: () => rm(path, { recursive: true, force: true }) }
}

const newestMtime = async (dir: string): Promise<number> => {
  let newest = 0
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue
    newest = Math.max(newest, (await stat(join(entry.parentPath, entry.name))).mtimeMs)
  }
  return newest
}

/**
 * Fails fast, with the fix, when cli/dist is older than the sources it was built from — the cli
 * project's globalSetup (test/support/build.ts) rebuilds it before every run.
 */
export const assertFreshBuild = async (): Promise<void> => {
  const built = await stat(join(cliDir, "dist", "main.js")).then(
    (info) => info.mtimeMs,
    () => 0,
  )
  const sources = Math.max(
    await newestMtime(join(cliDir, "src")),
    await newestMtime(join(cliDir, "..", "core", "src")),
  )
  if (built < sources)
    throw new Error(
      "cli/dist is older than cli/src or core/src: add cli/test/support/build.ts to the cli project's globalSetup, or run `npm run build -w @folio/cli`.",
    )
}
