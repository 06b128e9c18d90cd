import { once } from "node:events"
import { createWriteStream } from "node:fs"
import { join } from "node:path"
import { recordFields } from "@folio/core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { listAll, type ReportsWorld, startReportsWorld } from "./support/reports.js"

/**
 * `folio reports import` streams: a file several times larger than the CLI's heap imports, a
 * header that is wrong is refused once before anything is sent, and an externalId used twice is
 * caught across files and batches.
 */

let world: ReportsWorld

beforeAll(async () => {
  world = await startReportsWorld()
})
afterAll(async () => {
  await world?.stop()
})

describe("folio reports import, streaming", () => {
  it("checks a 300 MB CSV under a 128 MB heap (--dry-run), every row, without running out of memory", async () => {
    const path = join(world.dir, "huge.csv")
    const rows = 3_000
    const body = `${"Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(1750)}`.slice(
      0,
      100_000,
    )
    const out = createWriteStream(path)
    out.write("externalId,title,sector,body\n")
    for (let i = 0; i < rows; i++) {
      // Ids long enough that V8 would keep them as slices of the chunk they were read from.
      const id = `HUGE-REPORT-${String(i).padStart(6, "0")}`
      if (!out.write(`${id},Huge report number ${i},Huge Test,"${body}"\n`)) await once(out, "drain")
    }
    out.end()
    await once(out, "finish")

    const run = await world.folio(["reports", "import", path, "--dry-run", "--json"], {
      env: { NODE_OPTIONS: "--max-old-space-size=128" },
    })
    expect(run.code, run.stderr.slice(0, 2_000)).toBe(0)
    const summary = JSON.parse(run.stdout) as {
      rows: { total: number; valid: number; sent: number; created: number; failed: number }
    }
    expect(summary.rows).toMatchObject({ total: rows, valid: rows, sent: rows, created: rows, failed: 0 })
    // A dry run writes nothing.
    expect(await listAll(world, ["--sector", "Huge Test"])).toHaveLength(0)
  }, 300_000)

  it("refuses a CSV with an unknown column once, before anything is sent, naming the known ones", async () => {
    const good = await world.file("first.csv", "title,sector\nA first report,Header Test\n")
    const bad = await world.file(
      "extra.csv",
      `title,sector,colour,\n${Array.from({ length: 300 }, (_, i) => `Report ${i},Header Test,red,\n`).join("")}`,
    )
    const run = await world.folio(["reports", "import", good, bad])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(
      `${bad}:1: Unknown column "colour" (column 3); the columns are ${recordFields.join(", ")}. Nothing in this file was imported.`,
    )
    expect(run.stderr).toContain(`${bad}:1: The header's column 4 has no name (a trailing comma?)`)
    expect(run.stderr).toContain("nothing was sent")
    // Said once, not once per row; and the good file before it was not sent either.
    expect(run.stderr.match(/Unknown column/g)).toHaveLength(1)
    expect(await listAll(world, ["--sector", "Header Test"])).toHaveLength(0)
  })

  it("refuses a row reusing an externalId across files and batches, naming both places", async () => {
    const a = await world.file(
      "dup-a.csv",
      `externalId,title,sector\n${Array.from({ length: 5 }, (_, i) => `DUP-${i},Duplicate check ${i},Dup Test\n`).join("")}`,
    )
    const b = await world.file(
      "dup-b.csv",
      "externalId,title,sector\nDUP-4,Duplicate again,Dup Test\nDUP-9,Fine,Dup Test\n",
    )
    const run = await world.folio(["reports", "import", a, b, "--batch-size", "2"])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(
      `${b}:2: externalId: externalId "DUP-4" is already used at ${a}:6; each report may appear once per import`,
    )
    expect(run.stdout).toMatch(/^Imported 6 of 7 rows from 2 files .*: 6 created, 0 updated, 0 unchanged\.$/m)
    expect(await listAll(world, ["--sector", "Dup Test"])).toHaveLength(6)
  })
})
