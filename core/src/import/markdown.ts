import { CORE_SCHEMA, load } from "js-yaml"
import { LineCounter, parseDocument } from "yaml"
import type { ParsedFile } from "./formats.js"

/**
 * The front matter's value. js-yaml with YAML 1.2's core schema (the schema `yaml` uses by
 * default: dates stay text, `yes` is text, no merge keys) reads a report's front matter about ten
 * times faster than `yaml`'s document model, which matters at 100,000 files. What it cannot read
 * goes to `yaml`, whose error names the line, so a broken file gets the same message as before.
 */
const frontMatterOf = (file: string, yamlText: string): { readonly data: unknown } | ParsedFile => {
  try {
    return { data: load(yamlText, { schema: CORE_SCHEMA, filename: file }) ?? null }
  } catch {
    const lineCounter = new LineCounter()
    const doc = parseDocument(yamlText, { lineCounter })
    const error = doc.errors[0]
    if (error === undefined) return { data: doc.toJS() }
    // yaml counts lines from the front matter's first; the issue gives the file's line (one
    // more, for the opening ---), so its own "at line N, column M" would name another line.
    const at = error.linePos?.[0]
    const what = (error.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?$/, "")
    return {
      records: [],
      issues: [
        {
          file,
          line: (at?.line ?? 0) + 1,
          field: "(front matter)",
          message: `YAML: ${what}${at === undefined ? "" : ` (column ${at.col})`}`,
        },
      ],
    }
  }
}

/** One report per file: YAML front matter between `---` lines, then the Markdown body. */
export const parseMarkdown = (file: string, text: string): ParsedFile => {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source)
  if (!match) {
    return {
      records: [],
      issues: [
        {
          file,
          line: 1,
          field: "(file)",
          message: "Expected YAML front matter between --- lines at the top",
        },
      ],
    }
  }
  const front = frontMatterOf(file, match[1] ?? "")
  if (!("data" in front)) return front
  const { data } = front
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    return {
      records: [],
      issues: [
        { file, line: 2, field: "(front matter)", message: "Front matter must be a mapping of fields" },
      ],
    }
  }
  const fields: Record<string, unknown> = { ...(data as Record<string, unknown>) }
  if (fields.body === undefined) fields.body = source.slice(match[0].length).replace(/^\r?\n/, "")
  return { records: [{ file, line: 1, fields }], issues: [] }
}
