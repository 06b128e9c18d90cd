// First load of the console as a phone on a slow network sees it: Chromium with 4x CPU throttling
// and a 1.6 Mbps / 150 ms network, an empty cache, a signed-in admin. For /reports and a report's
// page it prints Largest Contentful Paint and the compressed JavaScript fetched before the first
// screen (the `folio:first-screen` mark; the budget test's measure) and in all.
//
// BENCH_BASELINE_DIST=<a web/dist built from an earlier commit> measures that build too, in the
// same run and on the same database, and prints the ratio. BENCH_RUNS (default 5) loads per page.
// Runs the e2e server (server/test/e2e-server.ts): DATABASE_URL, or the embedded PostgreSQL.
import { spawn } from "node:child_process"
import { readFileSync, statSync } from "node:fs"
import { resolve } from "node:path"
import { chromium } from "@playwright/test"

const root = resolve(import.meta.dirname, "../..")
const runs = Number(process.env.BENCH_RUNS ?? 5)
const builds = [
  ["current", resolve(root, "web/dist")],
  ...(process.env.BENCH_BASELINE_DIST ? [["baseline", resolve(process.env.BENCH_BASELINE_DIST)]] : []),
]
const admin = { email: "admin@folio.test", password: "correct-horse-battery-staple" }

const startServer = async (dist, port) => {
  const child = spawn("npx", ["tsx", "server/test/e2e-server.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), E2E_WEB_DIST: dist },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  })
  const url = `http://127.0.0.1:${port}`
  for (let tries = 0; tries < 240; tries++) {
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return { url, stop: () => process.kill(-child.pid, "SIGTERM") }
    await new Promise((done) => setTimeout(done, 500))
  }
  process.kill(-child.pid, "SIGTERM")
  throw new Error(`the server for ${dist} did not answer /api/health`)
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

const brotliKb = (dist, path) => statSync(resolve(dist, `.${path}.br`)).size / 1024

// recharts' own class name: a script holding it is the chart library, which only /kpis may fetch.
const holdsCharts = (dist, path) =>
  readFileSync(resolve(dist, `.${path}`), "utf8").includes("recharts-surface")

const loadOnce = async (browser, url, storageState, path, dist, heading) => {
  const context = await browser.newContext({ storageState, viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await page.addInitScript(() => {
    window.__lcp = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__lcp = entry.startTime
    }).observe({ type: "largest-contentful-paint", buffered: true })
  })
  const cdp = await context.newCDPSession(page)
  await cdp.send("Network.enable")
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true })
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  })
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 })
  await page.goto(`${url}${path}`)
  await page.getByRole("heading", { name: heading, level: 1 }).waitFor({ timeout: 120_000 })
  // LCP is final once the page stops painting larger things; the screen's heading and table are it.
  await page.waitForTimeout(1_500)
  const { lcp, scripts } = await page.evaluate(() => {
    const shown = performance.getEntriesByName("folio:first-screen")[0]?.startTime ?? Number.POSITIVE_INFINITY
    return {
      lcp: window.__lcp,
      scripts: performance
        .getEntriesByType("resource")
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime }))
        .filter(({ path }) => /^\/assets\/.+\.js$/.test(path))
        .map(({ path, start }) => ({ path, first: start < shown })),
    }
  })
  await context.close()
  const first = scripts.filter((script) => script.first)
  return {
    lcp,
    firstKb: first.reduce((sum, script) => sum + brotliKb(dist, script.path), 0),
    allKb: scripts.reduce((sum, script) => sum + brotliKb(dist, script.path), 0),
    chartsKb: scripts
      .filter((script) => holdsCharts(dist, script.path))
      .reduce((sum, script) => sum + brotliKb(dist, script.path), 0),
  }
}

const results = {}
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" })
let port = 3470
for (const [name, dist] of builds) {
  const server = await startServer(dist, port++)
  try {
    const api = await (await import("@playwright/test")).request.newContext({ baseURL: server.url })
    const signIn = await api.post("/api/session", { data: admin })
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()} ${await signIn.text()}`)
    const csrf =
      (await api.storageState()).cookies.find((cookie) => cookie.name === "folio_csrf")?.value ?? ""
    const created = await api.post("/api/reports", {
      data: {
        title: "Quarterly review of a listed company",
        sector: "Information Technology",
        body: "A body.",
      },
      headers: { "x-folio-csrf": csrf },
    })
    if (!created.ok())
      throw new Error(`creating a report failed: ${created.status()} ${await created.text()}`)
    const report = await created.json()
    const storageState = await api.storageState()
    for (const [label, path, heading] of [
      ["/reports", "/reports", "Reports"],
      ["/reports/{id}", `/reports/${report.id}`, report.title],
    ]) {
      const samples = []
      for (let run = 0; run < runs; run++)
        samples.push(await loadOnce(browser, server.url, storageState, path, dist, heading))
      results[`${name} ${label}`] = {
        lcpMs: Math.round(median(samples.map((sample) => sample.lcp))),
        firstKb: Math.round(median(samples.map((sample) => sample.firstKb)) * 10) / 10,
        allKb: Math.round(median(samples.map((sample) => sample.allKb)) * 10) / 10,
        chartsKb: Math.round(Math.max(...samples.map((sample) => sample.chartsKb)) * 10) / 10,
      }
      console.log(`${name} ${label}:`, results[`${name} ${label}`])
    }
    await api.dispose()
  } finally {
    server.stop()
  }
}
await browser.close()

console.log(`\nFirst load, phone on 1.6 Mbps / 150 ms, 4x CPU slowdown, median of ${runs}:`)
for (const label of ["/reports", "/reports/{id}"]) {
  const current = results[`current ${label}`]
  const baseline = results[`baseline ${label}`]
  const line = `${label.padEnd(14)} LCP ${current.lcpMs} ms, JS ${current.firstKb} KB before the screen, ${current.allKb} KB in all (chart library: ${current.chartsKb === 0 ? "not fetched" : `${current.chartsKb} KB fetched`})`
  console.log(
    baseline === undefined
      ? line
      : `${line}; baseline LCP ${baseline.lcpMs} ms, JS ${baseline.firstKb} / ${baseline.allKb} KB; LCP ratio ${(current.lcpMs / baseline.lcpMs).toFixed(2)}`,
  )
}
