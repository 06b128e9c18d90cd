// What the server benchmarks share: a free port, and waiting for a spawned server to answer.
import { spawn } from "node:child_process"
import { createServer } from "node:net"

export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer()
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })

/** Polls `url` until it answers 2xx; fails if `child` exits first or after 60 s. */
export const waitFor = async (url, child) => {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`)
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${url} did not answer`)
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
