// Bulk import of realistic reports, end to end through `folio reports import file.csv` against a
// real server, against PostgreSQL `COPY` of the same rows into the same tables, in the same run:
// COPY, then the import, then COPY again, each into the emptied tables, so that a change in the
// machine's load during the run shows as a gap between the two COPY figures.
// Usage: node server/bench/reports-import.mjs (after `npm run build`). BENCH_REPORTS (default
// 100,000) changes the row count, BENCH_DATABASE_URL the PostgreSQL server; the bench creates its
// own database and drops it at the end, also on failure and Ctrl-C.
import { spawn } from "node:child_process"
import { statSync } from "node:fs"
import { cpus } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import {
  api,
  csvHeader,
  csvLine,
  makeReport,
  psqlCopy,
  rngOf,
  scratchRun,
  startScratchServer,
  uuid,
  writeLines,
} from "./reports-data.mjs"

const total = Number(process.env.BENCH_REPORTS ?? 100_000)
const seed = 20260401
const cli = fileURLToPath(new URL("../../cli/bin/folio.js", import.meta.url))
const scratch = scratchRun("folio-bench-import-", "folio_bench_import")
const { dir, dbName, dbUrl } = scratch
const now = Date.now()

/** The same reports, in the same order, every time the generator is walked. */
function* reports() {
  const r = rngOf(seed)
  for (let i = 0; i < total; i++) yield makeReport(r, `bench-${String(i).padStart(7, "0")}`, now)
}

const timeCli = (url, token, file) =>
  new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, [cli, "reports", "import", file, "--json"], {
      env: { ...process.env, FOLIO_URL: url, FOLIO_TOKEN: token, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    })
    scratch.children.push(child)
    let out = ""
    let err = ""
    child.stdout.on("data", (d) => {
      out += d
    })
    child.stderr.on("data", (d) => {
      err = (err + d).slice(-4000)
    })
    child.on("error", reject)
    child.on("exit", (code) => {
      const seconds = (performance.now() - started) / 1000
      if (code !== 0) reject(new Error(`folio reports import exited ${code}: ${err}${out.slice(-2000)}`))
      else resolve({ seconds, output: out })
    })
  })

// COPY text for arrays: every element quoted, so tags with spaces and BRK.B need no special case.
const arrayLiteral = (xs) => `{${xs.map((x) => `"${String(x).replace(/["\\]/g, "\\$&")}"`).join(",")}}`
const csv = (value) => {
  if (value === null || value === undefined) return ""
  const text = String(value)
  return /[",\n\r]/.test(text) || text === "" ? `"${text.replace(/"/g, '""')}"` : text
}

try {
  await scratch.dropStale()
  console.log(
    `reports import: ${total.toLocaleString("en")} reports, ${cpus().length} cores, node ${process.version}`,
  )
  const csvFile = join(dir, "reports.csv")
  const t = performance.now()
  await writeLines(
    csvFile,
    (function* () {
      yield csvHeader
      for (const record of reports()) yield csvLine(record)
    })(),
  )
  const csvBytes = statSync(csvFile).size
  console.log(
    `  generated ${csvFile} (${(csvBytes / 1e6).toFixed(0)} MB) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  )

  const { server, session, token, refs, db } = await startScratchServer(scratch, "reports import benchmark")
  const serverVersion = (await db.query("show server_version")).rows[0].server_version

  // The disclosures text the server stamps on published reports, from one imported report, so
  // that COPY writes the same bytes; then the tables are emptied again.
  const probe = makeReport(rngOf(1), "bench-probe", now)
  probe.status = "published"
  await api(server.url, session, "POST", "/reports/import", {
    batchKey: `bench-probe-${dbName}`,
    rows: [{ file: "probe.csv", line: 2, record: probe }],
  })
  const disclosures = (await db.query("select disclosures from reports where external_id = 'bench-probe'"))
    .rows[0]?.disclosures
  if (!disclosures) throw new Error("the probe report was not imported as published")
  await db.query("truncate reports cascade; truncate report_search")

  // The same rows as the server stores them, ready for COPY: ids and names resolved.
  const authorId = new Map(refs.analysts.map((a) => [a.email, a.id]))
  const companyId = new Map(refs.companies.map((c) => [c.slug, c]))
  const audienceOf = (ref) => {
    const m = /^([^/+\s]+)(?:\/([^+]+?))?\s*(?:\+\s*(\d+)h)?$/.exec(ref)
    const hours = Number(m[3] ?? 0)
    if (m[1] === "all") return [null, null, hours]
    const company = companyId.get(m[1])
    const team = m[2] ? company.teams.find((x) => x.name === m[2]) : null
    return [company.id, team?.id ?? null, hours]
  }
  const reportsFile = join(dir, "reports.copy.csv")
  const audienceFile = join(dir, "audience.copy.csv")
  const audienceLines = []
  await writeLines(
    reportsFile,
    (function* () {
      for (const r of reports()) {
        const id = uuid()
        const published = r.status === "published" || r.status === "archived"
        for (const ref of r.audience) audienceLines.push(`${[id, ...audienceOf(ref)].map(csv).join(",")}\n`)
        yield `${[
          id,
          r.externalId,
          r.title,
          r.summary,
          r.body,
          r.type,
          r.sector,
          arrayLiteral(r.tickers),
          arrayLiteral(r.tags),
          "{}",
          arrayLiteral(r.authors.map((e) => authorId.get(e))),
          r.rating,
          r.targetPrice,
          r.targetCurrency,
          published ? disclosures : null,
          r.status,
          published ? r.publishedAt : null,
          refs.adminId,
        ]
          .map(csv)
          .join(",")}\n`
      }
    })(),
  )
  await writeLines(audienceFile, audienceLines)

  const count = async (table) => Number((await db.query(`select count(*) from ${table}`)).rows[0].count)
  /** Empties the tables (new files, as before the first load), then a checkpoint. */
  const empty = async () => {
    await db.query("truncate reports cascade; truncate report_search")
    await db.query("checkpoint")
  }
  const timeCopy = async () => {
    await empty()
    const started = performance.now()
    await psqlCopy(
      dbUrl,
      "reports (id, external_id, title, summary, body, type, sector, tickers, tags, channels, author_ids, rating, target_price, target_currency, disclosures, status, published_at, created_by)",
      reportsFile,
    )
    await psqlCopy(dbUrl, "report_audience (report_id, company_id, team_id, embargo_hours)", audienceFile)
    const seconds = (performance.now() - started) / 1000
    const copied = await count("reports")
    if (copied !== total) throw new Error(`expected ${total} copied reports, found ${copied}`)
    return seconds
  }

  const copyBefore = await timeCopy()
  await empty()
  const cliStarted = Date.now()
  const folio = await timeCli(server.url, token, csvFile)
  const imported = await count("reports")
  if (imported !== total) throw new Error(`expected ${total} imported reports, found ${imported}`)
  const audienceRows = await count("report_audience")
  if (audienceLines.length !== audienceRows)
    throw new Error(`audience rows differ: import ${audienceRows}, copy ${audienceLines.length}`)
  const revisions = await count("report_revisions")
  // import_batches.created_at is when each batch's transaction began on the server.
  const batches = (
    await db.query(
      `select count(*)::int as n, extract(epoch from min(created_at)) * 1000 as first
       from import_batches where batch_key not like '%bench-probe-%'`,
    )
  ).rows[0]
  const summary = JSON.parse(folio.output)
  const copyAfter = await timeCopy()

  const folioRate = total / folio.seconds
  const copyRates = [total / copyBefore, total / copyAfter]
  const copyRate = (copyRates[0] + copyRates[1]) / 2
  const line = (name, seconds, rate, note = "") =>
    console.log(
      `  ${name.padEnd(14)} ${seconds.toFixed(1).padStart(7)} s ${rate.toFixed(0).padStart(8)} rows/s${note}`,
    )
  console.log(
    `  PostgreSQL ${serverVersion}; ${(csvBytes / total / 1024).toFixed(1)} KB a row; ${audienceRows.toLocaleString("en")} audience rows; tsvector and every index of both tables in every load`,
  )
  console.log(
    "  folio: `folio reports import reports.csv --json` from process start to exit: read, parse and validate every row, then batches over HTTP; the server checks each batch and inserts reports, audience and a revision per report, in one transaction a batch",
  )
  console.log(
    `  (first batch reached the server ${((batches.first - cliStarted) / 1000).toFixed(1)} s after the CLI started; ${batches.n} batches; ${revisions.toLocaleString("en")} revisions; summary ok: ${summary.ok})`,
  )
  line("COPY before", copyBefore, copyRates[0], "   (psql \\copy of reports, then report_audience)")
  line("folio import", folio.seconds, folioRate)
  line("COPY after", copyAfter, copyRates[1])
  console.log(
    `  ratio folio/COPY: ${(folioRate / copyRate).toFixed(2)} against the mean COPY rate (${(folioRate / copyRates[0]).toFixed(2)} before, ${(folioRate / copyRates[1]).toFixed(2)} after); target ≥ 0.50: ${folioRate / copyRate >= 0.5 ? "met" : "MISSED"}`,
  )
} finally {
  await scratch.cleanUp()
}
