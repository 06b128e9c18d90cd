import { beforeAll, describe, expect, it } from "vitest"
import { freshDatabase, queryAt } from "./support/database.js"

/**
 * The monthly search index (0010_report_search, 0011_report_search_rows): partitions, the sync
 * trigger, extend and rebuild, and words kept in the row.
 */

let url: string
const query = queryAt(() => url)

const partitions = () =>
  query(
    (sql) => sql<{ name: string }>`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'report_search'::regclass order by 1`,
  ).then((rows) => rows.map((r) => r.name))

/** Where each report's search row is: its partition, status and title words. */
const placed = () =>
  query(
    (sql) => sql<{ id: string; part: string; status: string }>`
      select id, tableoid::regclass::text as part, status from report_search order by at`,
  )

const month = (offset: number) => {
  const now = new Date()
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1))
  return `report_search_${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, "0")}`
}

const insertReport = (title: string, publishedAgo: string | null) =>
  query(
    (sql) => sql<{ id: string }>`
      insert into reports (title, type, sector, status, published_at)
      values (${title}, 'note', 'Energy', ${publishedAgo === null ? "draft" : "published"},
              ${publishedAgo === null ? null : sql`now() - ${publishedAgo}::interval`})
      returning id`,
  ).then((rows) => rows[0]!.id)

beforeAll(async () => {
  url = await freshDatabase()
})

describe("the monthly search index", () => {
  it("has this month and three ahead, with catch-alls before and after", async () => {
    expect(await partitions()).toEqual(
      ["report_search_after", "report_search_before", month(0), month(1), month(2), month(3)].sort(),
    )
  })

  it("follows every insert, update and delete of a report, into its month", async () => {
    const draft = await insertReport("Refinery margins", null)
    const old = await insertReport("Old refinery note", "2 years")
    expect(await placed()).toEqual([
      { id: old, part: "report_search_before", status: "published" },
      { id: draft, part: month(0), status: "draft" },
    ])
    await query(
      (sql) =>
        sql`update reports set status = 'in_review', title = 'Refinery margins, revised' where id = ${draft}`,
    )
    await query((sql) => sql`delete from reports where id = ${old}`)
    expect(await placed()).toEqual([{ id: draft, part: month(0), status: "in_review" }])
    const found = await query(
      (sql) =>
        sql<{
          id: string
        }>`select id from report_search where search @@ websearch_to_tsquery('english', 'revised')`,
    )
    expect(found.map((r) => r.id)).toEqual([draft])
  })

  it("rebuilds from the oldest report's month, and extends up to three months ahead", async () => {
    const old = await insertReport("Pipeline outlook", "2 years")
    const future = await insertReport("Dated far ahead", "-10 years")
    expect((await placed()).find((r) => r.id === old)?.part).toBe("report_search_before")
    await query((sql) => sql`select report_search_rebuild()`)
    const names = await partitions()
    expect(names).toContain(month(-24))
    expect(names).toContain(month(3))
    expect(names).not.toContain(month(4))
    const rows = await placed()
    expect(rows.find((r) => r.id === old)?.part).toBe(month(-24))
    expect(rows.find((r) => r.id === future)?.part).toBe("report_search_after")
    expect(await query((sql) => sql<{ made: number }>`select report_search_extend() as made`)).toEqual([
      { made: 0 },
    ])

    // A month missing at the end (as when the server has not run for a while) is made again, and
    // the rows of the after partition stay.
    await query((sql) => sql.unsafe(`drop table ${month(3)}`))
    expect(await query((sql) => sql<{ made: number }>`select report_search_extend() as made`)).toEqual([
      { made: 1 },
    ])
    expect(await partitions()).toContain(month(3))
    expect((await placed()).length).toBe(rows.length)
    expect((await placed()).find((r) => r.id === future)?.part).toBe("report_search_after")
  })

  it("keeps each month's words in its rows, and a very long report's out of line, still found", async () => {
    const options = await query(
      (sql) => sql<{ name: string; options: ReadonlyArray<string> | null }>`
        select c.relname as name, c.reloptions as options from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'report_search'::regclass`,
    )
    expect(options.length).toBeGreaterThan(5)
    for (const partition of options)
      expect(partition).toEqual({ ...partition, options: ["toast_tuple_target=8160"] })

    // About 6,000 distinct words: a tsvector far past a page, which must leave the row.
    const words = Array.from({ length: 6000 }, (_, i) => `w${i.toString(36)}x`).join(" ")
    const [long] = await query(
      (sql) => sql<{ id: string }>`
        insert into reports (title, type, sector, status, body)
        values ('Encyclopaedic review', 'note', 'Energy', 'draft', ${`${words} quasar`}) returning id`,
    )
    const stored = await query(
      (sql) => sql<{ id: string; outOfLine: string }>`
        select r.id, pg_relation_size(c.reltoastrelid) as out_of_line
        from report_search r join pg_class c on c.oid = r.tableoid
        where r.search @@ websearch_to_tsquery('english', 'quasar')`,
    )
    expect(stored.map((r) => r.id)).toEqual([long?.id])
    expect(Number(stored[0]?.outOfLine)).toBeGreaterThan(0)
  })

  it("carries each report's audience: all clients, a company, a team, and whether any entry waits", async () => {
    const report = await insertReport("Audience note", "1 day")
    const [company] = await query(
      (sql) => sql<{ id: string }>`
        insert into companies (name, slug, kind) values ('Audience Co', 'audience-co', 'client') returning id`,
    )
    const [team] = await query(
      (sql) =>
        sql<{
          id: string
        }>`insert into teams (company_id, name) values (${company!.id}, 'Desk') returning id`,
    )
    const audience = () =>
      query(
        (sql) => sql<{ audience: ReadonlyArray<string>; embargoed: boolean }>`
          select audience, embargoed from report_search where id = ${report}`,
      ).then((rows) => rows[0])
    expect(await audience()).toEqual({ audience: [], embargoed: false })
    await query(
      (sql) => sql`
        insert into report_audience (report_id, company_id, team_id, embargo_hours) values
          (${report}, null, null, 0), (${report}, ${company!.id}, ${team!.id}, 0)`,
    )
    expect((await audience())?.audience.slice().sort()).toEqual(
      ["00000000-0000-0000-0000-000000000000", team!.id].sort(),
    )
    await query((sql) => sql`delete from report_audience where report_id = ${report} and company_id is null`)
    await query(
      (sql) => sql`
        insert into report_audience (report_id, company_id, embargo_hours) values (${report}, ${company!.id}, 24)`,
    )
    expect(await audience()).toEqual({ audience: [team!.id], embargoed: true })
    // A rebuild computes the same; deleting the report takes its entries and row with it.
    await query((sql) => sql`select report_search_rebuild()`)
    expect(await audience()).toEqual({ audience: [team!.id], embargoed: true })
    await query((sql) => sql`delete from reports where id = ${report}`)
    expect(await audience()).toBeUndefined()
  })
})
