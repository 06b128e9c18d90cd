// The flake finder: runs the given specs 5 times (no retries, 2 workers like CI) while a child
// process keeps one core busy, then prints each test's slowest run against its timeout and every
// failure. Use it before committing a spec:
//
//   npm run test:e2e:repeat -- web/e2e/profile.spec.ts [more specs or Playwright options]
//
// Five Playwright runs one after the other rather than `--repeat-each=5`: each run gets a fresh
// server and database, as in CI, so the server's rate limits (kept in the database: invitations per
// admin per hour, link requests per address per 15 minutes) count one run, not five.
// Needs the built console (`npm run build -w @folio/web`), like any e2e run.
import { spawn } from "node:child_process"
import { existsSync, readFileSync, rmSync } from "node:fs"
import { resolve } from "node:path"
import { overBudget, playwrightTests, seconds } from "./durations.mjs"

const root = resolve(import.meta.dirname, "../..")
const runs = 5
const args = process.argv.slice(2)
if (args.length === 0) {
  console.error("Usage: npm run test:e2e:repeat -- <spec> [<spec>…] [Playwright options]")
  process.exit(2)
}

// A busy loop on one core, for the whole run: the machine a spec has to pass on is a busy one.
// It checks now and then that this script still runs, so it never outlives a killed parent.
const hog = spawn(
  process.execPath,
  [
    "-e",
    "const parent = process.ppid; for (let i = 1; ; i++) if (i % 5e7 === 0 && process.ppid !== parent) process.exit(0)",
  ],
  { stdio: "ignore" },
)
let current
const stopHog = () => {
  if (hog.exitCode === null) hog.kill("SIGKILL")
}
process.on("exit", stopHog)
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    // Playwright stops its server on SIGINT; the hog goes with this process.
    current?.kill("SIGINT")
    stopHog()
    process.exit(130)
  })
}

const options = ["--retries=0"]
if (!args.some((arg) => arg.startsWith("--workers") || arg === "-j")) options.push("--workers=2")

/** One Playwright run; resolves with its exit code. */
const playwright = (run, report) =>
  new Promise((done) => {
    const output = `web/test-results/e2e-repeat-${run}`
    console.log(
      `\n── run ${run} of ${runs}: npx playwright test ${[...options, `--output=${output}`, ...args].join(" ")}`,
    )
    current = spawn("npx", ["playwright", "test", ...options, `--output=${output}`, ...args], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    })
    current.on("exit", (code, signal) => done(code ?? (signal ? 1 : 0)))
  })

console.log(`One core kept busy by pid ${hog.pid} until the last run ends.`)
const started = Date.now()
const byName = new Map()
let worst = 0
for (let run = 1; run <= runs; run++) {
  const report = resolve(root, `web/test-results/e2e-repeat-${run}.json`)
  rmSync(report, { force: true })
  worst = Math.max(worst, await playwright(run, report))
  if (!existsSync(report)) continue
  for (const test of playwrightTests(JSON.parse(readFileSync(report, "utf8")))) {
    if (test.project === "setup") continue
    const known = byName.get(test.name) ?? { ...test, runs: [] }
    known.runs.push(...test.runs)
    byName.set(test.name, known)
  }
}
stopHog()

const failedRuns = (test) => test.runs.filter((r) => r.status !== "passed" && r.status !== "skipped").length
const rows = [...byName.values()]
  .map((test) => ({ ...test, slowest: Math.max(0, ...test.runs.map((r) => r.duration)) }))
  .sort((a, b) => b.slowest - a.slowest)
if (rows.length > 0) {
  console.log("\nSlowest run of each test, against its timeout:")
  for (const test of rows) {
    const share = test.timeout
      ? ` (${Math.round((100 * test.slowest) / test.timeout)}% of ${test.timeout / 1000} s)`
      : ""
    const failed = failedRuns(test)
    const verdict = failed > 0 ? `  FAILED ${failed} of ${test.runs.length}` : ""
    console.log(`${seconds(test.slowest)}${share}  ${test.name}${verdict}${overBudget(test, test.slowest)}`)
  }
}
const flaky = rows.filter((test) => failedRuns(test) > 0)
console.log(
  `\n${rows.length} tests, ${runs} runs, ${Math.round((Date.now() - started) / 1000)} s: ` +
    (flaky.length === 0 && worst === 0
      ? "every run passed."
      : `${flaky.length} tests failed at least once (artifacts in web/test-results/e2e-repeat-<run>/).`),
)
process.exit(worst)
