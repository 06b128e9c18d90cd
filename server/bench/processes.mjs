// What the server benchmarks share about processes: a free port, starting a server and waiting for
// it to answer, stopping it, and the CPU time it has used.
import { spawn } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"

export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer()
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })

/**
 * Polls `url` until it answers 2xx, every `everyMs`, at most `tries` times (60 s by default); fails
 * if `child` exits first (`name` exited with …) or it never answers, `detail()` (e.g. the child's
 * stderr) at the end of the error. With `probeMs`, a probe gives up after that long: one sent while
 * a server starts can go unanswered, and fetch would wait 300 s.
 */
export const waitFor = async (
  url,
  child,
  { tries = 600, everyMs = 100, probeMs, name = "process", detail = () => "" } = {},
) => {
  for (let i = 0; i < tries; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}${detail()}`)
    const probe = probeMs === undefined ? {} : { signal: AbortSignal.timeout(probeMs) }
    if (
      await fetch(url, probe).then(
        (r) => r.ok,
        () => false,
      )
    )
      return
    await new Promise((r) => setTimeout(r, everyMs))
  }
  throw new Error(`${url} did not answer${detail()}`)
}

/** SIGTERM, then SIGKILL after `graceMs` (a server writing a CPU profile on exit needs longer). */
export const stopProcess = (child, graceMs = 5000) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs)
    child.once("exit", () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill("SIGTERM")
  })

/**
 * Spawns a server, `command args` with `env` (stdout ignored; the last 4,000 characters of stderr
 * kept for errors), that listens on `port`, and resolves once its /api/health answers (waitFor's
 * `tries`, `everyMs` and `probeMs`); one that exits first or never answers is stopped and the error
 * thrown. `onSpawn(server)` sees it before the first probe, so that a bench's clean-up can stop it
 * whatever happens next. The server: { name, url, port, child, stop(), stderr() }, `stop` giving it
 * `graceMs` after SIGTERM.
 */
export const startServerProcess = async ({
  command = process.execPath,
  args,
  env,
  port,
  name = "server",
  graceMs = 5000,
  onSpawn,
  ...wait
}) => {
  const child = spawn(command, args, { env, stdio: ["ignore", "ignore", "pipe"] })
  let stderr = ""
  child.stderr.on("data", (d) => {
    stderr = (stderr + d).slice(-4000)
  })
  const url = `http://127.0.0.1:${port}`
  const server = { name, url, port, child, stop: () => stopProcess(child, graceMs), stderr: () => stderr }
  onSpawn?.(server)
  try {
    await waitFor(`${url}/api/health`, child, { ...wait, name, detail: () => `: ${stderr}` })
  } catch (error) {
    await stopProcess(child)
    throw error
  }
  return server
}

/**
 * Starts `node …args` on a free port, given to it as PORT in its environment (with `env`; stdio
 * ignored unless said) or to `args` when it is a function of the port, and waits for `path` to
 * answer (it is killed if it does not): { child, port, url }.
 */
export const startNode = async (args, { path = "/", env = {}, stdio = "ignore" } = {}) => {
  const port = await freePort()
  const child = spawn(process.execPath, typeof args === "function" ? args(port) : args, {
    stdio,
    env: { ...process.env, PORT: String(port), ...env },
  })
  const url = `http://127.0.0.1:${port}`
  try {
    await waitFor(`${url}${path}`, child)
  } catch (error) {
    child.kill("SIGTERM")
    throw error
  }
  return { child, port, url }
}

/**
 * A temp folder (`prefix…`) and the processes a bench pushes to `children`; `stop()`, for the
 * bench's `finally`, sends them SIGTERM, gives them 1.5 s and removes the folder.
 */
export const processRun = (prefix) => {
  const dataDir = mkdtempSync(join(tmpdir(), prefix))
  const children = []
  const stop = async () => {
    for (const child of children) child.kill("SIGTERM")
    await new Promise((r) => setTimeout(r, 1500))
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { dataDir, children, stop }
}

/**
 * Starts `server/dist/main.js` on the embedded PostgreSQL in `dataDir` (DATABASE_URL is ignored),
 * logging warnings only, with `env` on top; resolves once /api/health answers.
 */
export const startFolio = async (dataDir, env = {}) => {
  const port = await freePort()
  const childEnv = {
    ...process.env,
    PORT: String(port),
    FOLIO_DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    LOG_FORMAT: "json",
    ...env,
  }
  delete childEnv.DATABASE_URL
  const main = new URL("../dist/main.js", import.meta.url).pathname
  const child = spawn(process.execPath, [main], { env: childEnv, stdio: "ignore" })
  const url = `http://127.0.0.1:${port}`
  await waitFor(`${url}/api/health`, child)
  return { child, port, url }
}

/** Resident set size of a process in MiB (Linux /proc). */
export const rssMiB = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024
  } catch {
    return Number.NaN
  }
}

/** CPU time a process has used so far, in ms (user + system; Linux /proc, clock ticks of 10 ms). */
export const cpuMs = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return Number.NaN
  }
}
