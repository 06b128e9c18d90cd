// Test durations from a run's reports: the Playwright JSON report (every run writes one, see
// playwright.config.ts) and vitest's JSON report (`.ci/run` asks for it). `.ci/run` prints the
// slowest ten tests of each suite with it, so a slow test is seen the day it appears:
//
//   node web/e2e/durations.mjs <playwright.json> [vitest.json]
import { existsSync, readFileSync } from "node:fs"
import { relative, resolve } from "node:path"
import { pathToFileURL } from "node:url"

const root = resolve(import.meta.dirname, "../..")

const readJson = (file) => {
  if (!file || !existsSync(file)) return undefined
  try {
    return JSON.parse(readFileSync(file, "utf8"))
  } catch {
    return undefined
  }
}

/**
 * Every Playwright test of a report, with each of its runs (several with --repeat-each):
 * `{ name, project, timeout, runs: [{ status, duration }] }`, setup tests included.
 */
export const playwrightTests = (report) => {
  const byKey = new Map()
  const walk = (suite, titles) => {
    const here = suite.title && suite.title !== suite.file ? [...titles, suite.title] : titles
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = [`web/e2e/${spec.file}`, ...here, spec.title].join(" › ")
        const key = `${test.projectName}\u0000${name}`
        const entry = byKey.get(key) ?? { name, project: test.projectName, timeout: test.timeout, runs: [] }
        for (const result of test.results ?? []) {
          entry.runs.push({ status: result.status, duration: result.duration })
        }
        byKey.set(key, entry)
      }
    }
    for (const child of suite.suites ?? []) walk(child, here)
  }
  for (const suite of report?.suites ?? []) walk(suite, [])
  return [...byKey.values()]
}

/** Every vitest test of a report: `{ suite, name, duration }`, the suite being its package (core, server…). */
export const vitestTests = (report) =>
  (report?.testResults ?? []).flatMap((file) => {
    const path = relative(root, file.name)
    return (file.assertionResults ?? []).map((test) => ({
      suite: path.split("/")[0],
      name: `${path} › ${test.fullName ?? test.title}`,
      duration: test.duration ?? 0,
    }))
  })

export const seconds = (ms) => `${(ms / 1000).toFixed(ms < 1000 ? 2 : 1).padStart(6)} s`

/** What an end-to-end test may take of its own before it is split or marked slow (playwright.config.ts). */
export const ownBudgetMs = 15_000

/** A note for an end-to-end test over its own budget that is not marked slow. */
export const overBudget = (test, duration) =>
  duration > ownBudgetMs && test.timeout !== undefined && test.timeout <= 3 * ownBudgetMs
    ? `  ← over ${ownBudgetMs / 1000} s: split it, or mark it test.slow() with its reason`
    : ""

const printSlowest = (title, tests, count = 10) => {
  if (tests.length === 0) return
  const slowest = [...tests].sort((a, b) => b.duration - a.duration).slice(0, count)
  console.log(`\nSlowest ${slowest.length} of ${tests.length} (${title}):`)
  for (const test of slowest) console.log(`${seconds(test.duration)}  ${test.name}${test.note ?? ""}`)
}

const main = ([playwrightJson, vitestJson]) => {
  const vitest = vitestTests(readJson(vitestJson))
  for (const suite of [...new Set(vitest.map((test) => test.suite))].sort()) {
    printSlowest(
      `vitest, ${suite}`,
      vitest.filter((test) => test.suite === suite),
    )
  }
  const e2e = playwrightTests(readJson(playwrightJson))
    .filter((test) => test.project !== "setup")
    .map((test) => {
      const duration = Math.max(0, ...test.runs.map((run) => run.duration))
      return { name: test.name, duration, note: overBudget(test, duration) }
    })
  printSlowest("Playwright, e2e", e2e)
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2))
}
