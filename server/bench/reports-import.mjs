// Bulk import of realistic reports, end to end through `folio reports import file.csv` against a
// real server, against PostgreSQL `COPY` of the same rows into the same tables, in the same run.
// Usage: node server/bench/reports-import.mjs (after `npm run build`); BENCH_REPORTS=100000
// changes the row count, BENCH_DATABASE_URL the PostgreSQL server (a database is created and dropped).
import { spawn, spawnSync } from "node:child_process"
import { createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs"
import { cpus, tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import {
  adminEmail,
  adminPassword,
  adminQuery,
  api,
  connect,
  csvHeader,
  csvLine,
  databaseUrl,
  dropDatabase,
  makeReport,
  onInterrupt,
  psqlCopy,
  rngOf,
  seedReferenceData,
  signIn,
  startServer,
  stopProcess,
  uuid,
} from "./reports-data.mjs"

const total = Number(process.env.BENCH_REPORTS ?? 100_000)
const batchSize = 1000
const seed = 20260401
const cli = fileURLToPath(new URL("../../cli/bin/folio.js", import.meta.url))
const dir = mkdtempSync(join(tmpdir(), "folio-bench-import-"))
const dbName = `folio_bench_import_${process.pid}_${Date.now().toString(36)}`
const now = Date.now()
const children = []

/** The same reports, in the same order, every time the generator is walked. */
function* reports() {
  const r = rngOf(seed)
  for (let i = 0; i < total; i++) yield makeReport(r, `bench-${String(i).padStart(7, "0")}`, now)
}

const write = async (file, lines) => {
  const out = createWriteStream(file)
  for (const line of lines) if (!out.write(line)) await new Promise((r) => out.once("drain", r))
  await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())))
}

/** `folio reports import` is there once the CLI has the command. */
const cliHasImport = () =>
  spawnSync(process.execPath, [cli, "reports", "import", "--help"], { stdio: "ignore", timeout: 60_000 })
    .status === 0

const timeCli = (url, token, file) =>
  new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, [cli, "reports", "import", file, "--json"], {
      env: { ...process.env, FOLIO_URL: url, FOLIO_TOKEN: token, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    })
    children.push(child)
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

/** Fallback while the CLI has no import command: the bench sends the batches itself. */
const timeHttp = async (url, token) => {
  const started = performance.now()
  let batch = []
  let line = 2
  let sent = 0
  const flush = async () => {
    const result = await api(url, token, "POST", "/reports/import", {
      batchKey: `bench-${dbName}-${sent}`,
      rows: batch,
    })
    if (result.failed > 0) throw new Error(`batch ${sent}: ${JSON.stringify(result.issues.slice(0, 3))}`)
    sent++
    batch = []
  }
  for (const record of reports()) {
    batch.push({ file: "reports.csv", line: line++, record })
    if (batch.length === batchSize) await flush()
  }
  if (batch.length > 0) await flush()
  return { seconds: (performance.now() - started) / 1000 }
}

// COPY text for arrays: every element quoted, so tags with spaces and BRK.B need no special case.
const arrayLiteral = (xs) => `{${xs.map((x) => `"${String(x).replace(/["\\]/g, "\\$&")}"`).join(",")}}`
const csv = (value) => {
  if (value === null || value === undefined) return ""
  const text = String(value)
  return /[",\n\r]/.test(text) || text === "" ? `"${text.replace(/"/g, '""')}"` : text
}

let server
const cleanup = async () => {
  if (server) await server.stop()
  for (const child of children) await stopProcess(child)
  await dropDatabase(dbName).catch((error) => console.error(`could not drop ${dbName}: ${error.message}`))
  rmSync(dir, { recursive: true, force: true })
}
onInterrupt(cleanup)
try {
  console.log(
    `reports import: ${total.toLocaleString("en")} reports, ${cpus().length} cores, node ${process.version}`,
  )
  const csvFile = join(dir, "reports.csv")
  let t = performance.now()
  await write(
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

  await adminQuery(`create database "${dbName}"`)
  const dbUrl = databaseUrl(dbName)
  server = await startServer(dbUrl, dir)
  children.push(server.child)
  const session = await signIn(server.url, adminEmail, adminPassword)
  const created = await api(server.url, session, "POST", "/tokens", {
    name: "reports import benchmark",
    scopes: ["write"],
    expiresInDays: 1,
  })
  const token = created.secret
  const refs = await seedReferenceData(server.url, session)
  const db = await connect(dbUrl)
  const server_version = (await db.query("show server_version")).rows[0].server_version

  const useCli = cliHasImport()
  await db.query("checkpoint")
  const folio = useCli ? await timeCli(server.url, token, csvFile) : await timeHttp(server.url, token)
  const imported = Number((await db.query("select count(*) from reports")).rows[0].count)
  if (imported !== total) throw new Error(`expected ${total} imported reports, found ${imported}`)
  const audienceRows = Number((await db.query("select count(*) from report_audience")).rows[0].count)
  const disclosures = (
    await db.query("select disclosures from reports where disclosures is not null limit 1")
  ).rows[0]?.disclosures

  // The same rows as the server stored them, ready for COPY: ids and names resolved.
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
  await write(
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
  await write(audienceFile, audienceLines)
  if (audienceLines.length !== audienceRows)
    throw new Error(`audience rows differ: import ${audienceRows}, copy ${audienceLines.length}`)

  await db.query("truncate reports cascade")
  await db.query("checkpoint")
  t = performance.now()
  await psqlCopy(
    dbUrl,
    "reports (id, external_id, title, summary, body, type, sector, tickers, tags, channels, author_ids, rating, target_price, target_currency, disclosures, status, published_at, created_by)",
    reportsFile,
  )
  await psqlCopy(dbUrl, "report_audience (report_id, company_id, team_id, embargo_hours)", audienceFile)
  const copySeconds = (performance.now() - t) / 1000
  const copied = Number((await db.query("select count(*) from reports")).rows[0].count)
  if (copied !== total) throw new Error(`expected ${total} copied reports, found ${copied}`)
  await db.end()

  const folioRate = total / folio.seconds
  const copyRate = total / copySeconds
  console.log(
    `  PostgreSQL ${server_version}; ${(csvBytes / total / 1024).toFixed(1)} KB a row; ${audienceRows.toLocaleString("en")} audience rows; tsvector and every index of the reports table in both`,
  )
  console.log(
    useCli
      ? "  folio: `folio reports import reports.csv --json` (read, parse, validate, batches of 1,000 over HTTP, server inserts with revisions and audit)"
      : "  folio: THE CLI HAS NO `reports import` YET — this bench POSTs /api/reports/import itself, batches of 1,000 (no CSV parsing or client-side validation timed)",
  )
  console.log(
    `  ${"folio import".padEnd(14)} ${folio.seconds.toFixed(1).padStart(7)} s ${folioRate.toFixed(0).padStart(8)} rows/s`,
  )
  console.log(
    `  ${"COPY".padEnd(14)} ${copySeconds.toFixed(1).padStart(7)} s ${copyRate.toFixed(0).padStart(8)} rows/s   (psql \\copy of reports, then report_audience)`,
  )
  console.log(`  ratio folio/COPY: ${(folioRate / copyRate).toFixed(2)} (target ≥ 0.50)`)
} finally {
  await cleanup()
}
