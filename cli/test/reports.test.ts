import { readdir, readFile } from "node:fs/promises"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { listAll, type ReportsWorld, startReportsWorld } from "./support/reports.js"

let world: ReportsWorld

beforeAll(async () => {
  world = await startReportsWorld()
})
afterAll(async () => {
  await world?.stop()
})

interface ReportDoc {
  readonly id: string
  readonly externalId: string | null
  readonly title: string
  readonly status: string
  readonly version: number
  readonly tickers: ReadonlyArray<string>
  readonly body: string
  readonly audience: ReadonlyArray<{
    companySlug: string | null
    teamName: string | null
    embargoHours: number
  }>
}

const create = async (args: ReadonlyArray<string>, stdin?: string): Promise<ReportDoc> => {
  const run = await world.folio(
    ["reports", "create", ...args, "--json"],
    stdin === undefined ? {} : { stdin },
  )
  expect(run.code, run.stderr).toBe(0)
  return (JSON.parse(run.stdout) as { report: ReportDoc }).report
}

const noteMd = `---
externalId: rt-apple-1
title: "Apple: services carry the quarter"
summary: Services grew 14%; hardware was flat.
type: update
sector: Roundtrip
tickers: [AAPL, MSFT]
tags: [earnings, "q3, 2026"]
audience:
  - acme
  - acme/Macro desk+24h
rating: buy
targetPrice: 250.5
targetCurrency: USD
---
## Services

Margins held at 71%; "guidance" raised, with a comma, and ünïcode.

- one
- two
`

describe("folio reports: write, review, publish", () => {
  it("creates a draft from flags and a body on stdin, shows it, and walks it through the lifecycle", async () => {
    const report = await create(
      [
        "--title",
        "Nvidia: the data centre quarter",
        "--sector",
        "Technology",
        "--ticker",
        "nvda,AAPL",
        "--body-stdin",
      ],
      "# Data centre\n\nRevenue doubled.\n",
    )
    expect(report).toMatchObject({
      status: "draft",
      tickers: ["NVDA", "AAPL"],
      body: "# Data centre\n\nRevenue doubled.\n",
    })

    const shown = await world.folio(["reports", "get", report.id])
    expect(shown.code, shown.stderr).toBe(0)
    expect(shown.stdout).toMatch(/^title\s+Nvidia: the data centre quarter$/m)
    expect(shown.stdout).toMatch(/^status\s+Draft \(version \d+\)$/m)
    expect(shown.stdout).toMatch(/^tickers\s+NVDA, AAPL$/m)
    expect(shown.stdout).toContain("\n# Data centre\n\nRevenue doubled.\n")

    const steps: ReadonlyArray<readonly [string, string]> = [
      ["submit", 'Submitted "Nvidia: the data centre quarter" ({id}): draft → in review.'],
      ["return", 'Returned to draft "Nvidia: the data centre quarter" ({id}): in review → draft.'],
      ["submit", 'Submitted "Nvidia: the data centre quarter" ({id}): draft → in review.'],
      ["approve", 'Approved "Nvidia: the data centre quarter" ({id}): in review → approved.'],
      ["publish", 'Published "Nvidia: the data centre quarter" ({id}): approved → published.'],
      ["archive", 'Archived "Nvidia: the data centre quarter" ({id}): published → archived.'],
      ["restore", 'Restored "Nvidia: the data centre quarter" ({id}): archived → draft.'],
    ]
    for (const [step, line] of steps) {
      const run = await world.folio(["reports", step, report.id])
      expect(run.code, `${step}: ${run.stderr}`).toBe(0)
      expect(run.stdout).toBe(`${line.replace("{id}", report.id)}\n`)
    }

    // A step the status does not allow: the server's reason, exit 1.
    const wrong = await world.folio(["reports", "approve", report.id])
    expect(wrong.code).toBe(1)
    expect(wrong.stdout).toBe("")
    expect(wrong.stderr).toMatch(/draft/i)

    const listed = await world.json<{ reports: ReadonlyArray<{ id: string; status: string }> }>([
      "reports",
      "list",
      "--status",
      "draft",
      "--ticker",
      "nvda",
    ])
    expect(listed.reports.map((entry) => entry.id)).toContain(report.id)
  })

  it("creates from a Markdown file, updates on top of the current version, and refuses a stale one", async () => {
    const file = await world.file(
      "note.md",
      noteMd.replace("rt-apple-1", "upd-1").replace("Roundtrip", "Updates"),
    )
    const report = await create(["--file", file, "--title", "Apple: a flag wins over the file"])
    expect(report).toMatchObject({
      externalId: "upd-1",
      title: "Apple: a flag wins over the file",
      tickers: ["AAPL", "MSFT"],
      audience: [
        expect.objectContaining({ companySlug: "acme", teamName: null, embargoHours: 0 }),
        expect.objectContaining({ companySlug: "acme", teamName: "Macro desk", embargoHours: 24 }),
      ],
    })
    expect(report.body).toContain('"guidance" raised')

    const saved = await world.folio(["reports", "update", report.id, "--ticker", "AAPL", "--rating", "hold"])
    expect(saved.code, saved.stderr).toBe(0)
    expect(saved.stdout).toMatch(
      new RegExp(
        `^Saved "Apple: a flag wins over the file" \\(${report.id}\\) as version \\d+ \\(was ${report.version}\\): tickers, rating\\.\\n$`,
      ),
    )
    const after = await world.json<{ report: ReportDoc & { rating: string } }>(["reports", "get", report.id])
    expect(after.report).toMatchObject({
      tickers: ["AAPL"],
      rating: "hold",
      title: "Apple: a flag wins over the file",
    })

    const stale = await world.folio([
      "reports",
      "update",
      report.id,
      "--title",
      "Lost?",
      "--if-version",
      String(report.version),
    ])
    expect(stale.code).toBe(1)
    expect(stale.stderr).toBe(
      `Report ${report.id} is at version ${after.report.version}, not ${report.version}: someone saved it after you read it, so nothing was changed. See the current text with \`folio reports get ${report.id}\`, then apply your change again.\n`,
    )
    expect((await world.json<{ report: ReportDoc }>(["reports", "get", report.id])).report.title).toBe(
      "Apple: a flag wins over the file",
    )
    // The externalId it was imported under names it too; an unknown one is a clear miss.
    expect((await world.json<{ report: ReportDoc }>(["reports", "get", "upd-1"])).report.id).toBe(report.id)
    const missing = await world.folio(["reports", "get", "no-such-external-id"])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('No report you can see has the id or externalId "no-such-external-id".')

    // Checked with the import rules before anything is sent, naming the flag.
    const bad = await world.folio([
      "reports",
      "create",
      "--title",
      "ab",
      "--sector",
      "Updates",
      "--ticker",
      "not a symbol",
    ])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain("--title: Title must be at least 3 characters")
    expect(bad.stderr).toContain("--ticker: A ticker symbol is 1–12 characters")
  })

  it("refuses to write with a read-scope token, with the server's message", async () => {
    const created = await world.json<{ secret: string }>([
      "tokens",
      "create",
      "--name",
      "reader",
      "--scope",
      "read",
    ])
    const list = await world.withToken(created.secret, ["reports", "list", "--json"])
    expect(list.code, list.stderr).toBe(0)

    const write = await world.withToken(created.secret, [
      "reports",
      "create",
      "--title",
      "Nope",
      "--sector",
      "X",
    ])
    expect(write.code).toBe(1)
    expect(write.stdout).toBe("")
    expect(write.stderr).toBe('This API token lacks the "write" scope.\n')

    const csv = await world.file("one.csv", "title,sector\nRead-only import,Nowhere\n")
    const importRun = await world.withToken(created.secret, ["reports", "import", csv])
    expect(importRun.code).toBe(1)
    expect(importRun.stderr).toContain('This API token lacks the "write" scope.')
    expect(await listAll(world, ["--sector", "Nowhere"])).toHaveLength(0)
  })
})

describe("folio reports export → import --dry-run (a round trip)", () => {
  beforeAll(async () => {
    await create(["--file", await world.file("rt1.md", noteMd)])
    const second = await create(
      [
        "--external-id",
        "rt-msft-2",
        "--title",
        "Microsoft: Azure, again",
        "--sector",
        "Roundtrip",
        "--ticker",
        "MSFT",
        "--tag",
        "cloud",
        "--audience",
        "all",
        "--body-stdin",
      ],
      "Line one.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
    )
    for (const step of ["submit", "approve", "publish"])
      expect((await world.folio(["reports", step, second.id])).code).toBe(0)
    // No externalId: exported without one, it would import as a new report.
    await create(["--title", "Sector wrap: no external id", "--sector", "Roundtrip", "--type", "sector"])
  })

  interface DryRun {
    readonly ok: boolean
    readonly dryRun: boolean
    readonly rows: { total: number; created: number; updated: number; unchanged: number; failed: number }
    readonly issues: ReadonlyArray<unknown>
  }

  it.each(["csv", "json", "ndjson", "markdown"] as const)(
    "exports %s that imports back with 0 errors",
    async (format) => {
      const out = join(world.dir, format === "markdown" ? "export-md" : `export.${format}`)
      const exported = await world.folio([
        "reports",
        "export",
        "--sector",
        "Roundtrip",
        "--format",
        format,
        "--out",
        out,
      ])
      expect(exported.code, exported.stderr).toBe(0)
      expect(exported.stdout).toMatch(
        new RegExp(`^Exported 3 reports as \\w+ to ${out.replaceAll(".", "\\.")}`),
      )
      if (format === "markdown")
        expect((await readdir(out)).sort()).toEqual([
          "rt-apple-1.md",
          "rt-msft-2.md",
          "sector-wrap-no-external-id.md",
        ])

      const plain = await world.folio(["reports", "import", out, "--dry-run"])
      expect(plain.code, plain.stderr).toBe(1)
      expect(plain.stdout).toMatch(/^Dry run: 1 of 3 rows from \d+ files? would be imported/m)

      const run = await world.folio(["reports", "import", out, "--dry-run", "--upsert", "--json"])
      expect(run.code, run.stderr).toBe(0)
      const summary = JSON.parse(run.stdout) as DryRun
      expect(summary).toMatchObject({
        ok: true,
        dryRun: true,
        rows: { total: 3, created: 1, updated: 0, unchanged: 2, failed: 0 },
        issues: [],
      })
    },
  )

  it("streams CSV to stdout when there is no --out, with the note on stderr", async () => {
    const run = await world.folio(["reports", "export", "--sector", "Roundtrip"])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout.split("\n")[0]).toBe(
      "externalId,title,summary,body,type,sector,tickers,authors,tags,channels,audience,status,rating,targetPrice,targetCurrency,publishedAt",
    )
    expect(run.stdout).toContain("acme;acme/Macro desk+24h")
    expect(run.stderr).toBe("Exported 3 reports as CSV.\n")
    const csv = await world.file("piped.csv", run.stdout)
    expect((await readFile(csv, "utf8")).length).toBeGreaterThan(100)
    const check = await world.folio(["reports", "import", csv, "--dry-run", "--upsert"])
    expect(check.code, check.stderr).toBe(0)
  })
})
