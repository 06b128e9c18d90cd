import { describe, expect, it } from "vitest"
import { parse } from "yaml"
import { parseMarkdown } from "../src/import/markdown.js"

/** Front matter read the fast way must give what `yaml` (the reference, YAML 1.2 core) gives. */
const cases: ReadonlyArray<string> = [
  "title: A note\nsector: Tech\ntickers: [AAPL, MSFT]",
  "publishedAt: 2026-03-31\nembargo: 2026-03-31T09:30:00Z",
  "flag: yes\nother: no\nt: true\nn: ~\ne: null",
  "targetPrice: 125.5\nint: 0o14\nhex: 0x1F\nexp: 1e3\ninf: .inf\nnan: .nan\nbig: 12345678901234567890",
  "title: \"Quoted: with \\\"escapes\\\" and \\u00e9\"\nsummary: 'single ''quoted'' text'",
  "summary: >\n  folded\n  text\n\n  next\nbody: |\n  # Heading\n\n  Para\n",
  "tickers:\n  - V\n  - BRK.B\nauthors: []\ntags: {}",
  "audience:\n  - all\n  - acme/Macro desk+24h\n# a comment\ntitle: x # trailing",
  "title: Ünïcödé 📈 text\nsector: 'Consumer: Staples'",
  "base: &b\n  a: 1\nref: *b",
  "'1': one\n2: two\n? complex\n: value",
  "",
  "just a string",
  "- a\n- b",
]

describe("Markdown front matter", () => {
  it.each(cases)("reads %j as yaml does", (front) => {
    const reference: unknown = parse(front) ?? null
    const parsed = parseMarkdown("r.md", `---\n${front}\n---\nBody\n`)
    if (reference === null || typeof reference !== "object" || Array.isArray(reference)) {
      expect(parsed.issues.map((issue) => issue.message)).toEqual([
        "Front matter must be a mapping of fields",
      ])
    } else {
      const { body: _body, ...fields } = parsed.records[0]?.fields ?? {}
      const { body: _refBody, ...expected } = reference as Record<string, unknown>
      expect(fields).toEqual(expected)
    }
  })

  it("a broken front matter is named by yaml's message, with the file's line and the column", () => {
    const duplicate = parseMarkdown("r.md", "---\ntitle: a\nsector: X\ntitle: b\n---\n")
    expect(duplicate.issues).toEqual([
      {
        file: "r.md",
        line: 4,
        field: "(front matter)",
        message: "YAML: Map keys must be unique (column 1)",
      },
    ])
    const unclosed = parseMarkdown("r.md", '---\ntitle: "open\nsector: X\n---\n')
    expect(unclosed.issues[0]).toMatchObject({ field: "(front matter)", line: 3 })
    expect(unclosed.issues[0]?.message).toBe('YAML: Missing closing "quote (column 10)')
  })
})
