import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { withClient } from "./postgres.js"

/**
 * What an e2e server leaves when it is killed before its finalizers run (a SIGKILL, a crash, a
 * closed terminal): its database `folio_e2e_<pid>` on an external PostgreSQL, or its embedded
 * cluster's folder `folio-e2e-XXXXXX` in the temp folder. The next e2e server removes them.
 */

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

/** Drops the databases of e2e servers whose process is gone. */
export const dropStaleDatabases = (adminUrl: string) =>
  withClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname ~ '^folio_e2e_[0-9]+$'",
    )
    for (const { datname } of rows) {
      const pid = Number(datname.slice("folio_e2e_".length))
      if (pid !== process.pid && !alive(pid))
        await client.query(`drop database if exists ${datname} with (force)`)
    }
    return rows.length
  })

/**
 * Removes embedded clusters' folders whose PostgreSQL is not running, once they are two minutes
 * old: a younger folder may belong to a server that is still starting.
 */
export const removeStaleClusters = (now = Date.now()) => {
  for (const entry of readdirSync(tmpdir())) {
    if (!/^folio-e2e-[A-Za-z0-9]{6}$/.test(entry)) continue
    const dir = join(tmpdir(), entry)
    if (now - statSync(dir).mtimeMs < 2 * 60_000) continue
    const pidFile = join(dir, "postgres", "postmaster.pid")
    const postmaster = existsSync(pidFile)
      ? Number(readFileSync(pidFile, "utf8").split("\n", 1)[0])
      : Number.NaN
    if (Number.isInteger(postmaster) && alive(postmaster)) continue
    rmSync(dir, { recursive: true, force: true })
  }
}
