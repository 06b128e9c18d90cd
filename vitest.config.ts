import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: "core", root: "core", include: ["test/**/*.test.ts"] },
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
          globalSetup: ["../server/test/support/globalSetup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
