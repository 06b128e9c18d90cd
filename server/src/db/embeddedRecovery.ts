import { readFile, unlink } from "node:fs/promises"
import { join } from "node:path"
import { Predicate } from "effect"

/**
 * A server killed with SIGKILL leaves the PostgreSQL it started running (the child outlives its
 * parent), holding `postmaster.pid`: the next start would fail. Before starting, look at that
 * lock as PostgreSQL does, and stop a postmaster that no running server owns.
 */

const errorCode = (error: unknown) => (Predicate.hasProperty(error, "code") ? String(error.code) : "")

const readText = async (file: string) => {
  try {
    return await readFile(file, "utf8")
  } catch (error) {
    if (["ENOENT", "ESRCH"].includes(errorCode(error))) return undefined
    throw error
  }
}

interface ProcessInfo {
  readonly name: string
  readonly state: string
  readonly parent: number
}

/** A process's name, state and parent from /proc, or undefined when it does not exist (Linux). */
const processInfo = async (pid: number): Promise<ProcessInfo | undefined> => {
  const stat = await readText(`/proc/${pid}/stat`)
  if (stat === undefined) return undefined
  // "pid (name) state ppid …": the name may hold spaces and parentheses.
  const open = stat.indexOf("(")
  const close = stat.lastIndexOf(")")
  const [state = "", parent = ""] = stat.slice(close + 2).split(" ")
  return { name: stat.slice(open + 1, close), state, parent: Number.parseInt(parent, 10) }
}

/** Whether a process exists and is not a zombie waiting to be reaped. */
const running = async (pid: number) => {
  const info = await processInfo(pid)
  if (info !== undefined) return info.state !== "Z" && info.state !== "X"
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return errorCode(error) === "EPERM"
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const waitGone = async (pid: number, ms: number) => {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(100)) {
    if (!(await running(pid))) return true
  }
  return !(await running(pid))
}

/** What was found on the folder and done, for one log line; undefined when there was nothing. */
export type Recovery = string | undefined

/**
 * Handles the `postmaster.pid` of `clusterDir` before PostgreSQL starts:
 * - none, or naming a process that is gone: nothing to do (PostgreSQL replaces a stale lock);
 * - a backup's or restore's lock (folio-server backup, a live process that is not PostgreSQL):
 *   refused, as that command says;
 * - a live postmaster whose parent is a running node process: a server uses it, refused;
 * - a live postmaster left by a killed server: stopped (fast shutdown: SIGINT, as `pg_ctl stop
 *   -m fast`; immediate, SIGQUIT, after 30 s), and the start goes on.
 */
export const recoverCluster = async (clusterDir: string, dataDir: string): Promise<Recovery> => {
  const lock = join(clusterDir, "postmaster.pid")
  const content = await readText(lock)
  if (content === undefined) return undefined
  const lines = content.split("\n")
  const pid = Number.parseInt(lines[0] ?? "", 10)
  if (!(pid > 0)) return undefined
  if (!(await running(pid))) {
    // A backup's lock (pid and folder only, 0600: PostgreSQL run as `postgres` cannot read it).
    if (lines.filter((line) => line !== "").length <= 2) {
      await unlink(lock).catch((error: unknown) => {
        if (errorCode(error) !== "ENOENT") throw error
      })
      return `Found ${lock} left by a backup or restore that was killed (process ${pid} is gone); removed it.`
    }
    return `Found ${lock} naming process ${pid}, which is gone: PostgreSQL replaces that stale lock.`
  }
  const info = await processInfo(pid)
  if (info === undefined) {
    // No /proc: we cannot tell whose process it is.
    throw new Error(
      `The embedded database in ${dataDir} is in use by process ${pid}. If no folio-server uses that folder, stop it (kill ${pid}) and start again.`,
    )
  }
  if (info.name !== "postgres") {
    throw new Error(
      `The embedded database in ${dataDir} is in use by process ${pid} (${info.name}: a running folio-server backup or restore?). Let it finish or stop it (kill ${pid}), then start again. If that process is not Folio's, delete ${lock}.`,
    )
  }
  const parent = info.parent > 1 ? await processInfo(info.parent) : undefined
  if (parent !== undefined && parent.name === "node" && parent.state !== "Z") {
    throw new Error(
      `The embedded database in ${dataDir} is in use by the folio-server running as process ${info.parent} (PostgreSQL ${pid}). Stop that server first (kill ${info.parent}), or give this one another FOLIO_DATA_DIR.`,
    )
  }
  process.kill(pid, "SIGINT")
  if (await waitGone(pid, 30_000)) {
    return `Found PostgreSQL ${pid} still running on ${clusterDir}, left by a server that was killed; stopped it (fast shutdown) and starting afresh.`
  }
  process.kill(pid, "SIGQUIT")
  if (await waitGone(pid, 10_000)) {
    return `Found PostgreSQL ${pid} still running on ${clusterDir}, left by a server that was killed; it did not stop within 30 s, stopped it at once (immediate shutdown: it recovers on start).`
  }
  throw new Error(
    `PostgreSQL ${pid}, left running on ${clusterDir} by a server that was killed, does not stop. Stop it (kill -9 ${pid}) and start again.`,
  )
}

/** PostgreSQL's own words for a failed start, and the command that fixes it. */
export const startFailure = (
  clusterDir: string,
  dataDir: string,
  cause: unknown,
  logs: ReadonlyArray<string>,
) => {
  const said = logs
    .join("")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .slice(-8)
  const reason =
    cause instanceof Error && cause.message !== ""
      ? cause.message
      : said.length > 0
        ? "PostgreSQL exited"
        : cause === undefined || cause === null
          ? "PostgreSQL exited without a message"
          : `PostgreSQL exited without a message (${String(cause)})`
  const text = said.join("\n")
  const lock = join(clusterDir, "postmaster.pid")
  const other = /another postmaster \(PID (\d+)\)/.exec(text)
  const fix = other
    ? `Another PostgreSQL (process ${other[1]}) runs on the folder: stop it (kill ${other[1]}) or, if that process is not PostgreSQL, delete ${lock}; then start again.`
    : /shared memory block is still in use/.test(text)
      ? `Processes of a PostgreSQL that was killed still run: list them with \`ps -o pid,args -u ${process.getuid?.() === 0 ? "postgres" : "$USER"} | grep ${clusterDir}\`, stop them (kill <pid>), then start again.`
      : /No space left on device/.test(text)
        ? `The disk is full: free space on the disk of ${dataDir}, then start again.`
        : `If the PostgreSQL output above does not say how, move ${dataDir} aside (or set FOLIO_DATA_DIR to another folder) to start afresh, and restore a backup: folio-server restore <file>.`
  return new Error(
    `Could not start the embedded PostgreSQL in ${clusterDir}: ${reason}.${text === "" ? "" : `\n${text}`}\n${fix}`,
  )
}
