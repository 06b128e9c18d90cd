import { beforeAll, describe, expect, it } from "vitest"
import { highlightsOf } from "../src/search/repo.js"
import { runsOf, wantedWords } from "../src/search/snippets.js"
import { freshDatabase, queryAt } from "./support/database.js"

/** Search snippets (search/snippets.ts): the sentences with the query's words, marked by PostgreSQL. */

let url: string
const query = queryAt(() => url)

const insert = (title: string, summary: string, body: string) =>
  query(
    (sql) => sql<{ id: string }>`
      insert into reports (title, summary, body, type, sector, status)
      values (${title}, ${summary}, ${body}, 'note', 'Energy', 'draft') returning id`,
  ).then((rows) => rows[0]!.id)

/** The snippet of one report for `q`, as text with hits in [brackets]. */
const snippet = async (id: string, q: string) => {
  const [hit] = await query((sql) =>
    highlightsOf(sql, { q, query: sql`websearch_to_tsquery('english', ${q})`, ids: [id] }),
  )
  const show = (marked: string) =>
    runsOf(marked)
      .map((run) => (run.hit ? `[${run.text}]` : run.text))
      .join("")
      .replace(/\s+/g, " ")
  return { title: show(hit!.title), snippet: show(hit!.snippet) }
}

const filler = (n: number, word: string) =>
  Array.from({ length: n }, (_, i) => `Paragraph ${i} says little about ${word} ${i}.`).join(" ")

beforeAll(async () => {
  url = await freshDatabase()
})

describe("search snippets", () => {
  it("leaves out the excluded words and phrases", () => {
    const words = (q: string) => wantedWords(q).split(/\s+/).filter(Boolean)
    expect(words('turbine -gearbox "wind farm" -"grid fees" -')).toEqual(["turbine", "wind", "farm"])
    expect(wantedWords("co-pilot GLP-1")).toBe("co-pilot GLP-1")
  })

  it("shows the sentences that hold the words, however deep in the body, marked", async () => {
    const id = await insert(
      "Turbine makers",
      "A sector note.",
      `# Outlook\n\n${filler(60, "weather")}\n\n- Nacelle **pricing** held up well in Europe. ${filler(20, "ports")}`,
    )
    const found = await snippet(id, "nacelle prices")
    expect(found.snippet).toContain("[Nacelle] [pricing] held up well in Europe")
    expect(found.snippet).not.toContain("**")
    expect(found.snippet).not.toContain("Paragraph 0 ")
    expect(found.title).toBe("Turbine makers")
  })

  it("keeps sentences that were next to each other together, and marks the gaps with …", async () => {
    const id = await insert(
      "Metals",
      "A note.",
      `Copper demand rose. Copper supply fell. ${filler(3, "zinc")} Copper prices followed.`,
    )
    const found = await snippet(id, "copper")
    expect(found.snippet).toContain("[Copper] demand rose. [Copper] supply fell. … [Copper] prices followed")
  })

  it("chooses sentences by the words wanted, not the excluded ones", async () => {
    const id = await insert(
      "Wind",
      "Gearbox failures rose again.",
      "The gearbox supplier is changing. Turbine orders doubled in the quarter.",
    )
    const found = await snippet(id, "turbine -gearbox")
    expect(found.snippet).toContain("[Turbine] orders doubled")
    expect(found.snippet).not.toContain("Gearbox")
  })

  it("shows the opening when only the title matches", async () => {
    const id = await insert("Quasar capital review", "Opening words of the summary.", filler(5, "nothing"))
    const found = await snippet(id, "quasar")
    expect(found.title).toBe("[Quasar] capital review")
    expect(found.snippet).toMatch(/^Opening words of the summary/)
  })
})
