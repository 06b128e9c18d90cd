import { readFile } from "node:fs/promises"
import { createServer, request } from "node:http"
import type { AddressInfo } from "node:net"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { listAll, type ReportsWorld, startFolio, startReportsWorld } from "./support/reports.js"

let world: ReportsWorld

beforeAll(async () => {
  world = await startReportsWorld()
})
afterAll(async () => {
  await world?.stop()
})

const quote = (cell: string): string => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)

const header =
  "externalId,title,summary,body,type,sector,tickers,authors,tags,audience,status,rating,targetPrice,targetCurrency"

/** Each data row spans three lines (its body has two line breaks), so row i starts on line 2 + 3i. */
const lineOf = (index: number): number => 2 + 3 * index

interface Broken {
  readonly field: string
  readonly message: string
  readonly cells: Partial<Record<string, string>>
}

/** Ten ways to be wrong, in different fields; the last one only the server can tell (no such ticker). */
const brokenKinds: ReadonlyArray<Broken> = [
  { field: "title", message: "Title must be at least 3 characters", cells: { title: "ab" } },
  {
    field: "type",
    message: 'type must be one of note, update, initiation, sector, flash (got "memo")',
    cells: { type: "memo" },
  },
  {
    field: "tickers.1",
    message: "A ticker symbol is 1–12 characters",
    cells: { tickers: "AAPL;bad ticker!" },
  },
  { field: "audience.0", message: "An audience entry is", cells: { audience: "Acme Capital!" } },
  { field: "targetPrice", message: "", cells: { targetPrice: "cheap" } },
  { field: "authors.0", message: "", cells: { authors: "not-an-email" } },
  { field: "status", message: "scheduled", cells: { status: "scheduled" } },
  { field: "rating", message: "strong_buy", cells: { rating: "strong_buy" } },
  {
    field: "targetCurrency",
    message: "Currency is a three-letter ISO code",
    cells: { targetCurrency: "dollars" },
  },
  { field: "tickers[0]", message: "Unknown ticker ZZZZ", cells: { tickers: "ZZZZ" } },
]

/** 10,000 rows; every 200th (index 100, 300, …) is broken, cycling through brokenKinds. */
const brokenAt = (index: number): Broken | undefined =>
  index % 200 === 100 ? brokenKinds[((index - 100) / 200) % brokenKinds.length] : undefined

const generateCsv = (
  rows: number,
  sector: string,
  adminEmail: string,
  options: { readonly externalIds: boolean; readonly broken: boolean },
): string => {
  const withExternalId = options.externalIds
  const types = ["note", "update", "initiation", "sector", "flash"]
  const symbols = ["AAPL", "MSFT", "NVDA", "AMZN", "GOOGL", "META", "TSLA"]
  const lines = [withExternalId ? header : header.replace("externalId,", "")]
  for (let index = 0; index < rows; index++) {
    const symbol = symbols[index % symbols.length] ?? "AAPL"
    const cells: Record<string, string> = {
      externalId: `imp-${String(index).padStart(5, "0")}`,
      title: `${symbol}: quarter ${index} review`,
      summary: `Summary of report ${index}, with a comma.`,
      body: `## ${symbol} in quarter ${index}\n\nMargins held; "guidance" raised.`,
      type: types[index % types.length] ?? "note",
      sector,
      tickers: index % 3 === 0 ? `${symbol};${symbol === "MSFT" ? "AAPL" : "MSFT"}` : symbol,
      authors: adminEmail,
      tags: "earnings;q3",
      audience: index % 2 === 0 ? "all" : "acme;acme/Macro desk+24h",
      status: "draft",
      rating: index % 2 === 0 ? "buy" : "",
      targetPrice: index % 2 === 0 ? `${100 + (index % 50)}.5` : "",
      targetCurrency: index % 2 === 0 ? "USD" : "",
      ...(options.broken ? brokenAt(index)?.cells : {}),
    }
    const fields = withExternalId ? header.split(",") : header.split(",").slice(1)
    lines.push(fields.map((field) => quote(cells[field] ?? "")).join(","))
  }
  return `${lines.join("\n")}\n`
}

interface Summary {
  readonly ok: boolean
  readonly rows: {
    readonly total: number
    readonly valid: number
    readonly sent: number
    readonly created: number
    readonly updated: number
    readonly unchanged: number
    readonly failed: number
    readonly replayed: number
  }
  readonly batches: { readonly total: number; readonly sent: number; readonly replayed: number }
  readonly issues: ReadonlyArray<{ file: string; line: number; field: string; message: string }>
  readonly rowsPerSecond: number | null
}

describe("folio reports import of a 10,000-row CSV", () => {
  it("imports 9,950 rows, names the 50 bad ones by line and field, and re-runs without duplicates", async () => {
    const csv = await world.file(
      "big.csv",
      generateCsv(10_000, "Import Test", world.server.adminEmail, { externalIds: true, broken: true }),
    )
    const errorsOut = join(world.dir, "errors.csv")

    const first = await world.folio(["reports", "import", csv, "--errors-out", errorsOut])
    expect(first.code, first.stderr).toBe(1)
    expect(first.stdout).toMatch(
      /^Imported 9,950 of 10,000 rows from 1 file in .+ \([\d,]+ rows\/s\): 9,950 created, 0 updated, 0 unchanged\.$/m,
    )
    expect(first.stdout).toContain("50 failed (the problems are listed on stderr).")
    // Piped stderr: a plain line when reading starts, no terminal control codes.
    expect(first.stderr).toMatch(/^Importing 1 file \([\d.]+ MB\), sending batches as they are read\.$/m)
    expect(first.stderr).not.toContain("\u001b[")
    // The problems, one per line, in file order: a few checked exactly.
    expect(first.stderr).toContain(`${csv}:${lineOf(100)}: title: Title must be at least 3 characters\n`)
    expect(first.stderr).toContain(`${csv}:${lineOf(2100)}: title: Title must be at least 3 characters\n`)
    expect(first.stderr).toContain(`${csv}:${lineOf(1900)}: tickers[0]: Unknown ticker ZZZZ\n`)
    expect(first.stderr).toMatch(
      new RegExp(
        `${csv.replaceAll(".", "\\.")}:${lineOf(500)}: tickers\\.1: A ticker symbol is 1–12 characters`,
      ),
    )
    expect(first.stderr).toContain(`Wrote 50 problems to ${errorsOut}.`)
    console.info(`10k import: ${/\(([\d,]+ rows\/s)\)/.exec(first.stdout)?.[1]}`)

    // --errors-out: one CSV row per problem, all fifty, with file, line, field and message.
    const errors = (await readFile(errorsOut, "utf8")).trimEnd().split("\n")
    expect(errors[0]).toBe("file,line,field,message")
    expect(errors).toHaveLength(51)
    const expected = Array.from({ length: 50 }, (_, k) => 100 + 200 * k).map((index) => ({
      line: lineOf(index),
      field: brokenAt(index)?.field,
    }))
    const actual = errors.slice(1).map((row) => {
      const [, line, field] = /^[^,]+,(\d+),([^,]+),/.exec(row) ?? []
      return { line: Number(line), field }
    })
    expect(actual).toEqual(expected)
    expect(errors).toContain(
      `${csv},${lineOf(300)},type,"type must be one of note, update, initiation, sector, flash (got ""memo"")"`,
    )
    for (const [index, kind] of brokenKinds.entries()) {
      const row = errors[index + 1] ?? ""
      expect(row).toContain(`,${kind.field},`)
      expect(row).toContain(kind.message.replaceAll('"', '""'))
    }

    const imported = await listAll(world, ["--sector", "Import Test"])
    expect(imported).toHaveLength(9_950)
    expect(new Set(imported.map((report) => report.externalId)).size).toBe(9_950)

    // The same command again: every batch was applied by the first run, so nothing is created;
    // the rows are unchanged, and the summary says so (not the first run's "9,950 created").
    const repeat = await world.folio(["reports", "import", csv])
    expect(repeat.code, repeat.stderr).toBe(1)
    expect(repeat.stdout).toMatch(
      /^Imported 9,950 of 10,000 rows from 1 file in .+: 0 created, 0 updated, 9,950 unchanged\.$/m,
    )
    expect(repeat.stdout).toContain("10 batches (9,955 rows) had already been applied by an earlier run")

    // The same file again with --upsert: everything is already there, unchanged; still exit 1 for the 50.
    const again = await world.folio(["reports", "import", csv, "--upsert", "--json"])
    expect(again.code, again.stderr).toBe(1)
    const summary = JSON.parse(again.stdout) as Summary
    expect(summary).toMatchObject({
      ok: false,
      rows: {
        total: 10_000,
        valid: 9_955,
        sent: 9_955,
        created: 0,
        updated: 0,
        unchanged: 9_950,
        failed: 50,
      },
      batches: { total: 10, sent: 10, replayed: 0 },
    })
    expect(summary.issues).toHaveLength(50)
    expect(again.stderr).toBe("")
    expect(await listAll(world, ["--sector", "Import Test"])).toHaveLength(9_950)
  }, 240_000)

  it("finishes an import killed midway when run again, without duplicates (rows without externalId)", async () => {
    // No externalIds: only the batch keys stand between a re-run and duplicates.
    const csv = await world.file(
      "resume.csv",
      generateCsv(4_000, "Resume Test", world.server.adminEmail, { externalIds: false, broken: false }),
    )
    const args = ["reports", "import", csv, "--batch-size", "250"]
    const run = startFolio(world, args)
    await run.waitForStderr(/Imported [\d,]+ rows \(\d+% read\)/)
    run.child.kill("SIGKILL")
    expect((await run.exited).signal).toBe("SIGKILL")
    const partial = (await listAll(world, ["--sector", "Resume Test"])).length
    expect(partial).toBeGreaterThan(0)

    const rerun = await world.folio([...args, "--json"])
    expect(rerun.code, rerun.stderr).toBe(0)
    const summary = JSON.parse(rerun.stdout) as Summary
    expect(summary.ok).toBe(true)
    expect(summary.rows.failed).toBe(0)
    expect(summary.batches.replayed).toBeGreaterThan(0)
    expect(summary.rows.created + summary.rows.unchanged).toBe(summary.rows.valid)
    const all = await listAll(world, ["--sector", "Resume Test"])
    expect(all).toHaveLength(summary.rows.valid)
    expect(new Set(all.map((report) => report.title)).size).toBe(summary.rows.valid)
    expect(partial).toBeLessThan(summary.rows.valid)
  }, 240_000)

  it("retries a batch whose answer was lost and one the server failed, without duplicates", async () => {
    // A proxy in front of the server: it passes the 2nd import request on but cuts the connection
    // before the answer (the server applied it; the CLI cannot know), and fails the 4th (batch 3) with 503.
    const upstream = new URL(world.server.url)
    let imports = 0
    const proxy = createServer((incoming, outgoing) => {
      const isImport = incoming.method === "POST" && incoming.url?.startsWith("/api/reports/import") === true
      const nth = isImport ? ++imports : 0
      if (nth === 4) {
        outgoing.writeHead(503, { "content-type": "text/plain" }).end("upstream unavailable")
        return
      }
      const forward = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: incoming.url,
          method: incoming.method,
          headers: incoming.headers,
        },
        (answer) => {
          if (nth === 2) {
            answer.resume()
            answer.on("end", () => incoming.socket.destroy())
            return
          }
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(outgoing)
        },
      )
      incoming.pipe(forward)
    })
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve))
    try {
      const { secret } = await world.json<{ secret: string }>([
        "tokens",
        "create",
        "--name",
        "flaky",
        "--scope",
        "read,write",
      ])
      const csv = await world.file(
        "flaky.csv",
        generateCsv(1_000, "Flaky Test", world.server.adminEmail, { externalIds: false, broken: false }),
      )
      const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
      const run = await world.withToken(secret, [
        "reports",
        "import",
        csv,
        "--batch-size",
        "200",
        // One batch at a time, so that "the 2nd and 4th requests" are batches 2 and 3.
        "--concurrency",
        "1",
        "--url",
        url,
      ])
      expect(run.code, run.stderr).toBe(0)
      expect(run.stderr).toMatch(/Cannot reach Folio at .+ Retrying batch 2 in [\d.]+ s \(attempt 2\)\./)
      expect(run.stderr).toMatch(/Retrying batch 3 in [\d.]+ s \(attempt 2\)\./)
      expect(run.stdout).toContain("Imported 1,000 of 1,000 rows from 1 file")
      expect(run.stdout).toContain(
        "1 batch (200 rows) had already been applied by an earlier run and was skipped.",
      )
      expect(imports).toBe(7)
      const all = await listAll(world, ["--sector", "Flaky Test"])
      expect(all).toHaveLength(1_000)
      expect(new Set(all.map((report) => report.title)).size).toBe(1_000)
    } finally {
      await new Promise((resolve) => proxy.close(resolve))
    }
  }, 120_000)
})
