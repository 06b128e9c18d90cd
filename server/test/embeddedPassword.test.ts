import { chmodSync, mkdtempSync, rmSync, statSync } from "node:fs"
import { readFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Exit, Scope } from "effect"
import pg from "pg"
import { afterAll, describe, expect, it } from "vitest"
import {
  legacyPassword,
  loadEmbeddedPostgres,
  passwordFileOf,
  startEmbeddedPostgres,
} from "../src/db/embedded.js"

/**
 * The embedded PostgreSQL listens on 127.0.0.1, where anyone on the machine can connect: each
 * data folder has its own password, generated on first start, kept beside the data for this
 * user only, and reused; a folder made with the old fixed password gets its own on its next start.
 */

const folders: Array<string> = []
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), "folio-embedded-password-"))
  folders.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

/** Starts the cluster of `dir`, runs `use` with its URL, stops it. */
const withCluster = async <A>(dir: string, use: (url: URL) => Promise<A>): Promise<A> => {
  const scope = Effect.runSync(Scope.make())
  try {
    const database = await Effect.runPromise(startEmbeddedPostgres(dir).pipe(Scope.extend(scope)))
    return await use(new URL(database.url))
  } finally {
    await Effect.runPromise(Scope.close(scope, Exit.void))
  }
}

/** "ok", or PostgreSQL's error code for a connection as postgres with `password`. */
const tryPassword = async (url: URL, password: string) => {
  const client = new pg.Client({
    host: url.hostname,
    port: Number(url.port),
    user: "postgres",
    password,
    database: "folio",
  })
  try {
    await client.connect()
    await client.query("select 1")
    return "ok"
  } catch (error) {
    return String((error as { code?: unknown }).code)
  } finally {
    await client.end().catch(() => {})
  }
}

describe("the embedded database's password", () => {
  it("is generated per data folder, stored with mode 0600, and reused on the next start", async () => {
    const dir = folder()
    const first = await withCluster(dir, async (url) => {
      const password = decodeURIComponent(url.password)
      expect(password).not.toBe(legacyPassword)
      expect(password.length).toBeGreaterThanOrEqual(32)
      expect((await readFile(passwordFileOf(dir), "utf8")).trim()).toBe(password)
      expect(statSync(passwordFileOf(dir)).mode & 0o777).toBe(0o600)
      expect(await tryPassword(url, password)).toBe("ok")
      expect(await tryPassword(url, legacyPassword)).toBe("28P01")
      return password
    })
    const second = await withCluster(dir, async (url) => {
      expect(await tryPassword(url, decodeURIComponent(url.password))).toBe("ok")
      return decodeURIComponent(url.password)
    })
    expect(second).toBe(first)
    // Another folder, another password.
    const other = await withCluster(folder(), async (url) => decodeURIComponent(url.password))
    expect(other).not.toBe(first)
  })

  it("replaces the old fixed password of a folder made before, which keeps working", async () => {
    const dir = folder()
    // A cluster as the server made it until now: initdb with the fixed password (run as the
    // postgres system user when root, which must reach the folder).
    chmodSync(dir, 0o711)
    const EmbeddedPostgres = await loadEmbeddedPostgres()
    await new EmbeddedPostgres({
      databaseDir: join(dir, "postgres"),
      user: "postgres",
      password: legacyPassword,
      persistent: true,
      createPostgresUser: true,
      onLog: () => {},
    }).initialise()

    const password = await withCluster(dir, async (url) => {
      const password = decodeURIComponent(url.password)
      expect(password).not.toBe(legacyPassword)
      expect(await tryPassword(url, password)).toBe("ok")
      expect(await tryPassword(url, legacyPassword)).toBe("28P01")
      return password
    })
    expect(statSync(passwordFileOf(dir)).mode & 0o777).toBe(0o600)
    await withCluster(dir, async (url) => {
      expect(decodeURIComponent(url.password)).toBe(password)
    })
  })
})
