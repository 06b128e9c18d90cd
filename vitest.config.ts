import { defineConfig } from "vitest/config"

// `.ci/run` sets FOLIO_TEST_REPORT_DIR to sum the suites into one `N passed, N failed` line.
const reportDir = process.env.FOLIO_TEST_REPORT_DIR

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker, but most of these tests wait on
    // PostgreSQL, a server or a CLI process rather than compute: three at once take the unit
    // stage from about 350 s to 250 s there, idle, with nothing that depends on timing.
    maxWorkers: 3,
    minWorkers: 1,
    reporters: reportDir ? ["default", "json"] : ["default"],
    ...(reportDir ? { outputFile: { json: `${reportDir}/vitest.json` } } : {}),
    projects: [
      {
        test: { name: "core", root: "core", include: ["test/**/*.test.ts"] },
      },
      {
        test: { name: "web", root: "web", include: ["test/**/*.test.ts"] },
      },
      {
        test: {
          name: "server",
          root: "server",
          include: ["test/**/*.test.ts"],
          globalSetup: ["test/support/globalSetup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "cli",
          root: "cli",
          include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
          globalSetup: ["test/support/build.ts", "../server/test/support/globalSetup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
