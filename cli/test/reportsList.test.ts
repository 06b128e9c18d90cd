import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type ReportsWorld, startReportsWorld } from "./support/reports.js"

/** `folio reports list` prints a page at a time, in every format, the same documents as before. */

let world: ReportsWorld
const titles = Array.from({ length: 7 }, (_, i) => `Listed report ${String.fromCharCode(97 + i)}`)

beforeAll(async () => {
  world = await startReportsWorld()
  const csv = await world.file(
    "list.csv",
    `title,sector\n${titles.map((title) => `${title},List Test`).join("\n")}\n`,
  )
  const run = await world.folio(["reports", "import", csv])
  expect(run.code, run.stderr).toBe(0)
})
afterAll(async () => {
  await world?.stop()
})

const list = (...flags: ReadonlyArray<string>) =>
  world.folio(["reports", "list", "--sector", "List Test", "--sort", "title", ...flags])

describe("folio reports list, page by page", () => {
  it("--all --json is one document, as renderJson writes it, across pages", async () => {
    const run = await list("--all", "--limit", "3", "--json")
    expect(run.code, run.stderr).toBe(0)
    const document = JSON.parse(run.stdout) as {
      ok: boolean
      url: string
      reports: Array<{ title: string }>
      nextCursor: null
    }
    expect(document.reports.map((report) => report.title)).toEqual(titles)
    expect(document).toMatchObject({ ok: true, url: world.server.url, nextCursor: null })
    expect(run.stdout).toBe(`${JSON.stringify(document, null, 2)}\n`)
  })

  it("one page of --json keeps its cursor; an empty list is an empty array", async () => {
    const page = JSON.parse((await list("--limit", "3", "--json")).stdout) as {
      reports: Array<unknown>
      nextCursor: string | null
    }
    expect(page.reports).toHaveLength(3)
    expect(page.nextCursor).toEqual(expect.any(String))
    const none = await world.folio(["reports", "list", "--sector", "Nothing Here", "--all", "--json"])
    expect(none.stdout).toBe(
      `${JSON.stringify({ ok: true, url: world.server.url, reports: [], nextCursor: null }, null, 2)}\n`,
    )
  })

  it("--ndjson prints one report per line; --csv a header and one row per report", async () => {
    const ndjson = await list("--all", "--limit", "3", "--ndjson")
    expect(ndjson.code, ndjson.stderr).toBe(0)
    const lines = ndjson.stdout.trimEnd().split("\n")
    expect(lines.map((line) => (JSON.parse(line) as { title: string }).title)).toEqual(titles)

    const csv = await list("--all", "--limit", "3", "--csv")
    expect(csv.code, csv.stderr).toBe(0)
    const rows = csv.stdout.trimEnd().split("\n")
    expect(rows[0]).toBe("id,externalId,status,type,sector,tickers,title,authors,publishedAt,updatedAt")
    expect(rows.slice(1).map((row) => row.split(",")[6])).toEqual(titles)
  })

  it("the table lists every page with --all, and says how to go on without it", async () => {
    const all = await list("--all", "--limit", "3")
    expect(all.code, all.stderr).toBe(0)
    for (const title of titles) expect(all.stdout).toContain(title)
    expect(all.stderr).not.toContain("More reports follow")
    const one = await list("--limit", "3")
    expect(one.stdout).not.toContain(titles[3])
    expect(one.stderr).toMatch(
      /More reports follow: pass --all for every one, or --cursor \S+ for the next page\./,
    )
  })

  it("refuses two output formats at once with a usage error", async () => {
    const run = await list("--json", "--csv")
    expect(run.code).toBe(2)
    expect(run.stderr).toContain("Choose one output format: --json, --ndjson or --csv.")
  })
})
