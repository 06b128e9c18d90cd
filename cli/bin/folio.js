#!/usr/bin/env node
// The `folio` command. Runs the bundle in cli/dist; on a fresh clone (npm install, no build yet)
// it builds the bundle first, which takes well under a second.
import { existsSync } from "node:fs"

const main = new URL("../dist/main.js", import.meta.url)

if (!existsSync(main)) {
  try {
    const { buildCli } = await import("../scripts/build.mjs")
    await buildCli({ replace: false })
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    process.stderr.write(
      `folio: cli/dist is missing and could not be built (${reason}). Run \`npm install\` and \`npm run build -w @folio/cli\` at the repository root.\n`,
    )
    process.exit(1)
  }
}

await import(main.href)
