// `folio reports import` as the user sees it, against the server's import path alone, in one run:
//
// 1. server path: the same batches (the same rows, 1,000 a batch, 3 in flight) POSTed straight to
//    /api/reports/import from bodies built before the clock starts: no reading, parsing or checks.
// 2. folio: `folio reports import <file or folder> --json` for each format (CSV, NDJSON, and a
//    Markdown folder of one file per report, at most BENCH_MARKDOWN_FILES of them), wall clock from
//    spawn to exit (reading, parsing, checking, batching and sending included), and the CLI's peak
//    resident memory.
// 3. server path again, so a drift in the machine's load shows as a gap between the two.
// Then the CLI's peak memory on a big CSV (`--dry-run`: every row checked by the server, nothing
// written), and `folio reports list --all --json` over the imported reports: time to its first
// byte on stdout and its peak memory.
//
// Usage: node cli/bench/import-stream.mjs (after `npm run build`). BENCH_REPORTS (default 20,000)
// is the import's row count; BENCH_FORMATS (default csv,ndjson,markdown) the formats imported;
// BENCH_MARKDOWN_FILES (default 100,000) the most files in the Markdown folder; BENCH_BIG_MB
// (default 1000) the big CSV's size (0 skips it);
// BENCH_DATABASE_URL the PostgreSQL server (a scratch database is created and dropped);
// BENCH_LIST_DATABASE a database kept by the reports benchmark (`BENCH_KEEP_DB=1 BENCH_REPORTS=1000000
// node server/bench/reports-query.mjs` keeps folio_bench_reports_1000000) to list as well.
import { spawn } from "node:child_process"
import { mkdirSync, statSync, writeFileSync } from "node:fs"
import { cpus } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { stringify } from "yaml"
import {
  adminToken,
  csvHeader,
  csvLine,
  databaseUrl,
  makeReport,
  rngOf,
  scratchRun,
  startScratchServer,
  startServer,
  writeLines,
} from "../../server/bench/reports-data.mjs"

const total = Number(process.env.BENCH_REPORTS ?? 20_000)
const bigMb = Number(process.env.BENCH_BIG_MB ?? 1000)
const formats = (process.env.BENCH_FORMATS ?? "csv,ndjson,markdown").split(",").filter(Boolean)
const listDatabase = process.env.BENCH_LIST_DATABASE || undefined
const markdownFiles = Math.min(total, Number(process.env.BENCH_MARKDOWN_FILES ?? 100_000))
const batchSize = 1000
const inFlight = 3
const seed = 20261126
const cli = fileURLToPath(new URL("../bin/folio.js", import.meta.url))
const scratch = scratchRun("folio-bench-stream-", "folio_bench_stream")
const { dir, dbName } = scratch
const now = Date.now()

function* reports(count = total) {
  const r = rngOf(seed)
  for (let i = 0; i < count; i++) yield makeReport(r, `stream-${String(i).padStart(7, "0")}`, now)
}

/** A generated report as an import file's fields: lists as arrays, nothing empty. */
const compact = (record) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null && value !== undefined))

/** Writes each format's input: one CSV file, one NDJSON file, a folder of Markdown files. */
const inputs = async () => {
  const made = []
  for (const format of formats) {
    const started = performance.now()
    if (format === "csv" || format === "ndjson") {
      const file = join(dir, `reports.${format}`)
      await writeLines(
        file,
        (function* () {
          if (format === "csv") yield csvHeader
          for (const record of reports())
            yield format === "csv" ? csvLine(record) : `${JSON.stringify(compact(record))}\n`
        })(),
      )
      made.push({ format, path: file, rows: total, bytes: statSync(file).size })
    } else if (format === "markdown") {
      const folder = join(dir, "markdown")
      mkdirSync(folder)
      let bytes = 0
      let i = 0
      for (const record of reports(markdownFiles)) {
        const { body, ...front } = compact(record)
        const text = `---\n${stringify(front, { lineWidth: 0 })}---\n${body ?? ""}`
        writeFileSync(join(folder, `${String(i++).padStart(7, "0")}.md`), text)
        bytes += Buffer.byteLength(text)
      }
      made.push({ format, path: folder, rows: markdownFiles, bytes })
    } else throw new Error(`BENCH_FORMATS: unknown format ${format} (csv, ndjson, markdown)`)
    const last = made.at(-1)
    console.log(
      `  generated ${format}: ${last.rows.toLocaleString("en")} reports, ${(last.bytes / 1e6).toFixed(0)} MB in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    )
  }
  return made
}

/**
 * Runs the CLI as a user does (the command itself, so its first line's V8 flags apply) under
 * /usr/bin/time: wall seconds, peak resident memory (MB), and when the first
 * byte reached stdout (seconds after spawn).
 */
const runCli = (args, env, onStdout = () => {}) =>
  new Promise((resolve, reject) => {
    const started = performance.now()
    let firstByte = null
    const child = spawn("/usr/bin/time", ["-f", "maxrss-kb=%M", cli, ...args], {
      env: { ...process.env, ...env, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    })
    scratch.children.push(child)
    let out = ""
    let bytes = 0
    let err = ""
    child.stdout.on("data", (d) => {
      firstByte ??= (performance.now() - started) / 1000
      bytes += d.length
      onStdout(d)
      if (out.length < 50_000_000) out += d
    })
    child.stderr.on("data", (d) => {
      err = (err + d).slice(-8000)
    })
    child.on("error", reject)
    child.on("exit", (code) => {
      const seconds = (performance.now() - started) / 1000
      const rss = /maxrss-kb=(\d+)/.exec(err)
      if (code !== 0)
        return reject(new Error(`folio ${args.join(" ")} exited ${code}: ${err}${out.slice(-2000)}`))
      resolve({ seconds, firstByte, bytes, output: out, peakMb: rss ? Number(rss[1]) / 1024 : Number.NaN })
    })
  })

/**
 * `folio reports list --all --json`: time to its first byte, its peak memory, and the reports it
 * printed, counted as the output streams (it may be larger than the bench should hold).
 */
const measureList = async (url, token) => {
  let reports = 0
  let tail = ""
  const run = await runCli(
    ["reports", "list", "--all", "--json"],
    { FOLIO_URL: url, FOLIO_TOKEN: token },
    (chunk) => {
      const text = tail + chunk
      reports += text.split('"externalId":').length - 1
      tail = text.slice(-16)
      if (tail.includes('"externalId":')) tail = ""
    },
  )
  return { ...run, reports }
}

const printList = (listed, database) =>
  console.log(
    `  folio reports list --all --json${database === undefined ? "" : ` over ${database}`}: ${listed.reports.toLocaleString("en")} reports, ${(listed.bytes / 1e6).toFixed(0)} MB in ${listed.seconds.toFixed(1)} s; first byte after ${listed.firstByte?.toFixed(2)} s (target ≤ 1 s); peak RSS ${listed.peakMb.toFixed(0)} MB (target ≤ 256 MB)`,
  )

try {
  await scratch.dropStale()
  console.log(
    `import streaming: ${total.toLocaleString("en")} reports, ${cpus().length} cores, node ${process.version}`,
  )
  const files = await inputs()
  const csvFile = join(dir, "reports.csv")

  const { server, token, db } = await startScratchServer(scratch, "import streaming benchmark")
  const count = async () => Number((await db.query("select count(*) from reports")).rows[0].count)
  const empty = async () => {
    await db.query("truncate reports cascade; truncate report_search; truncate import_batches")
    await db.query("checkpoint")
  }

  // The request bodies the CLI would send, built before the clock starts.
  const bodies = []
  let rows = []
  let line = 2
  for (const record of reports()) {
    rows.push({ file: csvFile, line: line++, record })
    if (rows.length === batchSize) {
      bodies.push(rows)
      rows = []
    }
  }
  if (rows.length > 0) bodies.push(rows)
  let run = 0
  const serverPath = async () => {
    await empty()
    run++
    const payloads = bodies.map((batch, i) =>
      JSON.stringify({ batchKey: `bench-${run}-${i}-${dbName}`, rows: batch }),
    )
    const started = performance.now()
    let next = 0
    const worker = async () => {
      while (next < payloads.length) {
        const body = payloads[next++]
        const response = await fetch(`${server.url}/api/reports/import`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body,
        })
        const result = await response.json()
        if (!response.ok || result.failed > 0)
          throw new Error(`batch failed: ${JSON.stringify(result).slice(0, 500)}`)
      }
    }
    await Promise.all(Array.from({ length: inFlight }, worker))
    const seconds = (performance.now() - started) / 1000
    const stored = await count()
    if (stored !== total) throw new Error(`server path: expected ${total} reports, found ${stored}`)
    return seconds
  }

  const before = await serverPath()
  const imports = []
  for (const input of files) {
    await empty()
    const run = await runCli(["reports", "import", input.path, "--json"], {
      FOLIO_URL: server.url,
      FOLIO_TOKEN: token,
    })
    const imported = await count()
    if (imported !== input.rows)
      throw new Error(`folio (${input.format}): expected ${input.rows} reports, found ${imported}`)
    imports.push({ ...input, run, summary: JSON.parse(run.output) })
  }
  // The listing reads whatever the last import left: every report of it.
  const listed = await measureList(server.url, token)
  const after = await serverPath()

  const rate = (rows, seconds) => rows / seconds
  const pathRate = (rate(total, before) + rate(total, after)) / 2
  const row = (name, rows, seconds, extra = "") =>
    console.log(
      `  ${name.padEnd(28)} ${seconds.toFixed(1).padStart(7)} s ${rate(rows, seconds).toFixed(0).padStart(7)} rows/s${extra}`,
    )
  row("server path (before)", total, before, "   (prepared batches POSTed, 3 in flight)")
  for (const { format, rows, run, summary } of imports) {
    const ratio = rate(rows, run.seconds) / pathRate
    row(
      `folio reports import ${format}`,
      rows,
      run.seconds,
      `   ratio ${ratio.toFixed(2)} (target ≥ 0.90: ${ratio >= 0.9 ? "met" : "MISSED"}); peak RSS ${run.peakMb.toFixed(0)} MB (≤ 256: ${run.peakMb <= 256 ? "met" : "MISSED"}); summary ${summary.rowsPerSecond} rows/s, ok ${summary.ok}`,
    )
  }
  row("server path (after)", total, after)
  console.log(
    `  server path drift: ${(rate(total, after) / rate(total, before)).toFixed(2)} (after/before); ratios are against their mean, ${pathRate.toFixed(0)} rows/s`,
  )
  printList(listed)
  if (listDatabase !== undefined) {
    // A kept database of the reports benchmark (BENCH_KEEP_DB=1 node server/bench/reports-query.mjs).
    const listServer = await startServer(databaseUrl(listDatabase), join(dir, "list"))
    scratch.children.push(listServer.child)
    try {
      const { token: secret } = await adminToken(listServer.url, "import streaming benchmark (list)", [
        "read",
      ])
      printList(await measureList(listServer.url, secret), listDatabase)
    } finally {
      await listServer.stop()
    }
  }

  if (bigMb > 0) {
    const bigFile = join(dir, "big.csv")
    const body = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(1800).slice(0, 100_000)
    const bigRows = Math.ceil((bigMb * 1e6) / (body.length + 60))
    await writeLines(
      bigFile,
      (function* () {
        yield "externalId,title,sector,body\n"
        for (let i = 0; i < bigRows; i++) yield `BIG-${i},Big report number ${i},Technology,"${body}"\n`
      })(),
    )
    const bigBytes = statSync(bigFile).size
    const big = await runCli(["reports", "import", bigFile, "--dry-run", "--json"], {
      FOLIO_URL: server.url,
      FOLIO_TOKEN: token,
    })
    const bigSummary = JSON.parse(big.output)
    console.log(
      `  big CSV --dry-run: ${(bigBytes / 1e6).toFixed(0)} MB, ${bigRows.toLocaleString("en")} rows of 100 KB, checked in ${big.seconds.toFixed(1)} s (${(bigBytes / 1e6 / big.seconds).toFixed(1)} MB/s); peak RSS ${big.peakMb.toFixed(0)} MB (target ≤ 256 MB: ${big.peakMb <= 256 ? "met" : "MISSED"}); rows ok ${bigSummary.rows.valid === bigRows && bigSummary.rows.failed === 0}`,
    )
  }
} finally {
  await scratch.cleanUp()
}
