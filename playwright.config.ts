import { existsSync } from "node:fs"
import { resolve } from "node:path"
import { chromium, defineConfig, devices } from "@playwright/test"

/**
 * End-to-end tests: Chromium against the real server (`server/test/e2e-server.ts`), which serves
 * the built console (`web/dist`, so run `npm run build -w @folio/web` first) over a fresh database.
 */
const port = Number(process.env.E2E_PORT ?? 3199)
const baseURL = `http://127.0.0.1:${port}`
// The server appends its JSON log lines here; specs read it (through the environment) to find digests.
const serverLog = resolve(
  import.meta.dirname,
  process.env.E2E_SERVER_LOG ?? "web/test-results/e2e-server.log",
)
process.env.E2E_SERVER_LOG = serverLog
// Mail the server sends during the run, one JSON line per message ({ to, subject, text, html }).
const mailbox = resolve(import.meta.dirname, process.env.E2E_MAILBOX ?? "web/test-results/e2e-mailbox.jsonl")
process.env.E2E_MAILBOX = mailbox
// The console reports to a sentry.io DSN; the server's tunnel forwards to a loopback receiver
// standing in for Sentry's ingest, which appends each request here (one JSON line, body in base64).
// Named by port, so a second run on another port keeps its own.
const sentryIngest = resolve(
  import.meta.dirname,
  process.env.E2E_SENTRY_INGEST ?? `web/test-results/e2e-sentry-ingest-${port}.jsonl`,
)
process.env.E2E_SENTRY_INGEST = sentryIngest
process.env.E2E_SENTRY_DSN ??= "https://e2e0public0key@o4501.ingest.us.sentry.io/4502"

const jsonReport = resolve(
  import.meta.dirname,
  process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? "web/test-results/e2e-report.json",
)

/** `CHROMIUM_PATH`, else Debian's Chromium (`node web/e2e/chromium.mjs` installs it), else Playwright's. */
const chromiumPath = (): string => {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium"
  const bundled = chromium.executablePath()
  return existsSync(bundled) ? bundled : "/usr/bin/chromium"
}

/** Specs that change what every signed-in person meets (see the "site-wide" project). */
const siteWide = [/maintenance\.spec\.ts$/]

const browser = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: chromiumPath(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
}

export default defineConfig({
  testDir: "web/e2e",
  outputDir: "web/test-results/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two at once everywhere (Playwright's default on 2 cores is one): a spec mostly waits on the
  // server and the browser, so two halve the stage, and CI and a laptop run the suite alike.
  workers: 2,
  // Budgets from measurement (web/e2e/durations.mjs prints them): the slowest usual test takes
  // under 15 s of its own on a busy 2-core machine, so 3× that; a test that needs more is split,
  // or marked `test.slow()` (3× again) with its reason. Waits are for what a user sees.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // Every run records each test's duration in a JSON report (`.ci/run` and `repeat.mjs` print the
  // slowest from it): PLAYWRIGHT_JSON_OUTPUT_NAME, else web/test-results/e2e-report.json.
  reporter: [["list"], ["json", { outputFile: jsonReport }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    // Signs the admin in once; specs that never sign out reuse the cookies.
    { name: "setup", testMatch: /.*\.setup\.ts$/ },
    {
      name: "chromium",
      testMatch: /.*\.spec\.ts$/,
      testIgnore: siteWide,
      dependencies: ["setup"],
      use: browser,
    },
    // Specs that turn every non-admin away for a while (maintenance on): after all the others,
    // one at a time, so no other test meets a 503 it did not ask for.
    { name: "site-wide", testMatch: siteWide, dependencies: ["chromium"], workers: 1, use: browser },
  ],
  webServer: {
    command: "npx tsx server/test/e2e-server.ts",
    url: `${baseURL}/api/health`,
    env: {
      PORT: String(port),
      E2E_SERVER_LOG: serverLog,
      E2E_MAILBOX: mailbox,
      E2E_SENTRY_INGEST: sentryIngest,
      SENTRY_DSN: process.env.E2E_SENTRY_DSN,
    },
    reuseExistingServer: false,
    // SIGTERM, so the server's finalizers drop its database (or its embedded cluster's folder);
    // Playwright's default SIGKILL left one behind after every run.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
})
