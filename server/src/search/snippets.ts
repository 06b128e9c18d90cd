import type { SnippetRun } from "@folio/core"

/** ts_headline marks hits with \u0001…\u0002; split into runs so no client ever parses HTML. */
export const runsOf = (marked: string): ReadonlyArray<SnippetRun> => {
  const runs: Array<SnippetRun> = []
  for (const part of marked.split("\u0001")) {
    const end = part.indexOf("\u0002")
    if (end < 0) {
      if (part) runs.push({ text: part, hit: false })
      continue
    }
    if (end > 0) runs.push({ text: part.slice(0, end), hit: true })
    const rest = part.slice(end + 1)
    if (rest) runs.push({ text: rest, hit: false })
  }
  return runs
}

/** The query without its excluded words (`-word`, `-"a phrase"`): the words a snippet can show. */
export const wantedWords = (q: string): string => q.replace(/(^|\s)-("[^"]*"?|\S*)/g, " ").replace(/"/g, " ")
