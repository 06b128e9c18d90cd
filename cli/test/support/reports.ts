import { spawn } from "node:child_process"
import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { expect } from "vitest"
import { startTestServer, type TestServer } from "../../../server/test/support/server.js"
import { assertFreshBuild, type FolioRun, folioBin, runFolio, tempConfigDir } from "./folio.js"

/**
 * What the report tests share: a real server, the seeded admin signed in through `folio login`,
 * tickers imported through `folio tickers import`, a client company with a team for audiences,
 * and a temp folder for the files the tests write. Nothing comes from the demo seed.
 */
export interface ReportsWorld {
  readonly server: TestServer
  readonly dir: string
  /** The signed-in admin's FOLIO_CONFIG_DIR. */
  readonly configDir: string
  readonly folio: (
    args: ReadonlyArray<string>,
    options?: { readonly stdin?: string; readonly env?: Record<string, string> },
  ) => Promise<FolioRun>
  /** Runs with --json, expects exit 0 and parses stdout. */
  readonly json: <A>(args: ReadonlyArray<string>) => Promise<A>
  /** With only FOLIO_URL and FOLIO_TOKEN set, as in CI. */
  readonly withToken: (token: string, args: ReadonlyArray<string>) => Promise<FolioRun>
  readonly file: (name: string, text: string) => Promise<string>
  readonly stop: () => Promise<void>
}

export const symbols = [
  "AAPL",
  "MSFT",
  "NVDA",
  "AMZN",
  "GOOGL",
  "META",
  "TSLA",
  "BRK.B",
  "JPM",
  "XOM",
] as const

export const tickersCsv = `symbol,name,exchange,sector,currency,country,active
${symbols.map((symbol, index) => `${symbol},${symbol} Inc.,NASDAQ,${index < 7 ? "Technology" : "Financials"},USD,US,true`).join("\n")}
`

export const startReportsWorld = async (): Promise<ReportsWorld> => {
  await assertFreshBuild()
  const server = await startTestServer()
  const config = await tempConfigDir()
  const dir = await mkdtemp(join(tmpdir(), "folio-reports-"))
  const folio = (
    args: ReadonlyArray<string>,
    options: { readonly stdin?: string; readonly env?: Record<string, string> } = {},
  ) => runFolio(args, { configDir: config.path, ...options })
  const json = async <A>(args: ReadonlyArray<string>): Promise<A> => {
    const run = await folio([...args, "--json"])
    expect(run.code, run.stderr).toBe(0)
    return JSON.parse(run.stdout) as A
  }
  const file = async (name: string, text: string) => {
    const path = join(dir, name)
    await writeFile(path, text, "utf8")
    return path
  }
  const login = await folio(
    ["login", "--url", server.url, "--email", server.adminEmail, "--password-stdin"],
    {
      stdin: server.adminPassword,
    },
  )
  expect(login.code, login.stderr).toBe(0)
  const tickers = await folio(["tickers", "import", await file("tickers.csv", tickersCsv)])
  expect(tickers.code, tickers.stderr).toBe(0)
  await json(["companies", "create", "--name", "Acme Capital", "--slug", "acme"])
  await json(["teams", "create", "--company", "acme", "--name", "Macro desk"])
  const tokenDirs: Array<Awaited<ReturnType<typeof tempConfigDir>>> = []
  return {
    server,
    dir,
    configDir: config.path,
    folio,
    json,
    file,
    withToken: async (token, args) => {
      const fresh = await tempConfigDir()
      tokenDirs.push(fresh)
      return runFolio(args, { configDir: fresh.path, env: { FOLIO_URL: server.url, FOLIO_TOKEN: token } })
    },
    stop: async () => {
      await Promise.all([config, ...tokenDirs].map((entry) => entry.remove()))
      await rm(dir, { recursive: true, force: true })
      await server.stop()
    },
  }
}

/**
 * Every report the filters match, through `folio reports list --all --json`, in title order
 * (whose keyset is exact; see the report to the server owner about timestamp cursors).
 */
export const listAll = async (
  world: ReportsWorld,
  filters: ReadonlyArray<string>,
): Promise<
  ReadonlyArray<{ readonly id: string; readonly externalId: string | null; readonly title: string }>
> =>
  (
    await world.json<{ reports: ReadonlyArray<{ id: string; externalId: string | null; title: string }> }>([
      "reports",
      "list",
      "--all",
      "--sort",
      "title",
      ...filters,
    ])
  ).reports

/** Starts `folio` without waiting for it, with its stderr readable while it runs. */
export const startFolio = (world: ReportsWorld, args: ReadonlyArray<string>) => {
  const env: Record<string, string | undefined> = { ...process.env }
  for (const name of ["FOLIO_URL", "FOLIO_TOKEN", "NO_COLOR", "FORCE_COLOR"]) delete env[name]
  const child = spawn(process.execPath, [folioBin, ...args], {
    env: { ...env, FOLIO_CONFIG_DIR: world.configDir },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let stdout = ""
  let stderr = ""
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal })),
  )
  return {
    child,
    exited,
    output: () => ({ stdout, stderr }),
    /** Resolves once stderr matches (or rejects when the process ends first). */
    waitForStderr: (pattern: RegExp) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (pattern.test(stderr)) {
            child.stderr.off("data", check)
            resolve()
          }
        }
        child.stderr.on("data", check)
        exited.then(() => reject(new Error(`folio exited before printing ${pattern}: ${stderr}`)))
        check()
      }),
  }
}
