import { existsSync, readFileSync } from "node:fs"

/**
 * The records of a JSON-lines file another process is appending to, oldest first. A record counts
 * once its newline is written: a spec may read while the e2e server is halfway through appending
 * a long message, so the text after the last newline is left for the next read.
 */
export const completeJsonLines = <A>(file: string): ReadonlyArray<A> => {
  if (!existsSync(file)) return []
  const text = readFileSync(file, "utf8")
  return text
    .slice(0, text.lastIndexOf("\n") + 1)
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as A)
}
