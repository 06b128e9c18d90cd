#!/usr/bin/env -S node --max-semi-space-size=8
// The `folio` command. Runs the bundle in cli/dist; on a fresh clone (npm install, no build yet)
// it builds the bundle first, which takes well under a second.
import { existsSync } from "node:fs"
import { setFlagsFromString } from "node:v8"

// The CLI streams: an import or a listing of any size holds a few batches, some 40 MB. V8's
// default lets the heap grow to several times that between full collections, which alone put a
// streaming import at 300+ MB resident; a smaller growth step keeps it near the live size, at no
// measurable cost in speed (docs/performance.md). Read when the heap grows, so it applies here.
// The young generation's cap is fixed when the heap is made, so it is on the first line instead
// (env -S): 8 MB semi-spaces rather than 16 save 10–25 MB resident on an import, at the same speed.
// It applies when `folio` is run as a command (npx folio, a link on PATH), not via `node folio.js`.
setFlagsFromString("--heap-growing-percent=20")

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
