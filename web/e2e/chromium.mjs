// Makes sure a Chromium for Playwright exists before `playwright test` runs (`npm run test:e2e`):
// CHROMIUM_PATH, else Debian's /usr/bin/chromium (installed with apt when running as root on
// Debian), else Playwright's own download. Prints what it found; exits 1 with advice otherwise.
import { execFileSync } from "node:child_process"
import { existsSync } from "node:fs"
import { chromium } from "@playwright/test"

const found = (path, how) => {
  console.log(`Chromium for e2e: ${path} (${how})`)
  process.exit(0)
}

const fromEnv = process.env.CHROMIUM_PATH
if (fromEnv) {
  if (existsSync(fromEnv)) found(fromEnv, "CHROMIUM_PATH")
  console.error(`CHROMIUM_PATH=${fromEnv} does not exist.`)
  process.exit(1)
}

const debian = "/usr/bin/chromium"
if (existsSync(debian)) found(debian, "system package")

const bundled = chromium.executablePath()
if (existsSync(bundled)) found(bundled, "Playwright's cache")

const isRoot = typeof process.getuid === "function" && process.getuid() === 0
if (isRoot && existsSync("/etc/debian_version")) {
  console.log("Chromium not found: installing Debian's chromium package…")
  try {
    execFileSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], { stdio: "inherit" })
  } catch {
    execFileSync("apt-get", ["update"], { stdio: "inherit" })
    execFileSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], { stdio: "inherit" })
  }
  if (existsSync(debian)) found(debian, "installed now")
}

console.error(
  "No Chromium found. Install one (Debian: `apt-get install chromium`, or `npx playwright install chromium`) or set CHROMIUM_PATH.",
)
process.exit(1)
