// The flake finder: runs the given specs 5 times over (`--repeat-each=5`, no retries, 2 workers
// like CI) while a child process keeps one core busy, then prints each test's slowest run
// against its timeout and every failure. Use it before committing a spec:
//
//   npm run test:e2e:repeat -- web/e2e/profile.spec.ts [more specs or Playwright options]
//
// Needs the built console (`npm run build -w @folio/web`), like any e2e run.
import { spawn } from "node:child_process"
import { existsSync, readFileSync, rmSync } from "node:fs"
import { resolve } from "node:path"
import { overBudget, playwrightTests, seconds } from "./durations.mjs"

const root = resolve(import.meta.dirname, "../..")
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
const stopHog = () => {
  if (hog.exitCode === null) hog.kill("SIGKILL")
}
process.on("exit", stopHog)
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopHog()
    process.exit(130)
  })
}

const report = resolve(root, "web/test-results/e2e-repeat.json")
rmSync(report, { force: true })
const options = ["--repeat-each=5", "--retries=0"]
if (!args.some((arg) => arg.startsWith("--workers") || arg === "-j")) options.push("--workers=2")
console.log(`npx playwright test ${[...options, ...args].join(" ")}  (one core kept busy by pid ${hog.pid})`)
const started = Date.now()
const run = spawn("npx", ["playwright", "test", ...options, ...args], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
})

run.on("exit", (code, signal) => {
  stopHog()
  const tests = existsSync(report)
    ? playwrightTests(JSON.parse(readFileSync(report, "utf8"))).filter((test) => test.project !== "setup")
    : []
  if (tests.length > 0) {
    console.log("\nSlowest run of each test, against its timeout:")
    const rows = tests
      .map((test) => ({ ...test, slowest: Math.max(0, ...test.runs.map((r) => r.duration)) }))
      .sort((a, b) => b.slowest - a.slowest)
    for (const test of rows) {
      const failed = test.runs.filter((r) => r.status !== "passed" && r.status !== "skipped").length
      const share = test.timeout
        ? ` (${Math.round((100 * test.slowest) / test.timeout)}% of ${test.timeout / 1000} s)`
        : ""
      const verdict = failed > 0 ? `  FAILED ${failed} of ${test.runs.length}` : ""
      console.log(`${seconds(test.slowest)}${share}  ${test.name}${verdict}${overBudget(test, test.slowest)}`)
    }
    const failures = rows.filter((test) =>
      test.runs.some((r) => r.status !== "passed" && r.status !== "skipped"),
    )
    console.log(
      `\n${tests.length} tests × ${Math.max(...tests.map((t) => t.runs.length))} runs in ${Math.round((Date.now() - started) / 1000)} s: ` +
        (failures.length === 0 ? "every run passed." : `${failures.length} tests failed at least once.`),
    )
  }
  process.exit(code ?? (signal ? 1 : 0))
})
