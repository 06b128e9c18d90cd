import { LineCounter, parseDocument } from "yaml"
import type { ParsedFile } from "./formats.js"

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
  const lineCounter = new LineCounter()
  const doc = parseDocument(match[1] ?? "", { lineCounter })
  if (doc.errors.length > 0) {
    const error = doc.errors[0]!
    return {
      records: [],
      issues: [
        {
          file,
          line: (error.linePos?.[0]?.line ?? 0) + 1,
          field: "(front matter)",
          message: `YAML: ${error.message.split("\n")[0]}`,
        },
      ],
    }
  }
  const data: unknown = doc.toJS()
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
