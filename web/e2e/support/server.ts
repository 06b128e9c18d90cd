import { type ChildProcess, spawn } from "node:child_process"
import { once } from "node:events"
import { createServer } from "node:net"
import { resolve } from "node:path"

const root = resolve(import.meta.dirname, "../../..")

/** A TCP port nothing listens on right now. */
export const freePort = (): Promise<number> =>
  new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolvePort(port))
    })
  })

export interface OwnServer {
  readonly url: string
  /** SIGTERM, and wait until the process has exited (its port is free again); fails after 30 s. */
  readonly stop: () => Promise<void>
}

/**
 * Starts another e2e server (`server/test/e2e-server.ts`, run by tsx) on `port`, for a spec that
 * needs to restart one; resolves once `/api/health` answers. Its stderr is kept for the error
 * when it does not come up.
 */
export const startServer = async (
  port: number,
  env: Readonly<Record<string, string>>,
): Promise<OwnServer> => {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/test/e2e-server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      // Not the suite's files and receiver: this server keeps to itself.
      E2E_SERVER_LOG: "",
      E2E_MAILBOX: "",
      E2E_SENTRY_INGEST: "",
      SENTRY_DSN: "",
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  })
  let stderr = ""
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = `${stderr}${chunk.toString("utf8")}`.slice(-4_000)
  })
  const exited = once(child, "exit")
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The e2e server exited (${child.exitCode}):\n${stderr}`)
    if (Date.now() > deadline) {
      child.kill("SIGTERM")
      throw new Error(`The e2e server did not answer within 90 s:\n${stderr}`)
    }
    // Each look has its own deadline: a port that accepts but never answers must not hang the test.
    const healthy = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) })
      .then((response) => response.ok)
      .catch(() => false)
    if (healthy) break
    await new Promise((wake) => setTimeout(wake, 200))
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return
      child.kill("SIGTERM")
      // Its finalizers close the HTTP server (in-flight requests first) and the database pool.
      const stopped = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((wake) => setTimeout(() => wake(false), 30_000)),
      ])
      if (!stopped) {
        child.kill("SIGKILL")
        await exited
        throw new Error(`The e2e server did not exit within 30 s of SIGTERM:\n${stderr}`)
      }
    },
  }
}
