import type { Output } from "./output.js"
import { renderNote } from "./render.js"

/** After one page of a longer list: how to get the rest (stderr, so stdout stays the list). */
export const renderMoreNote = (items: string, nextCursor: string | null, out: Output): void => {
  if (nextCursor === null) return
  renderNote(
    `More ${items} follow: pass --all for every one, or --cursor ${nextCursor} for the next page.`,
    out,
  )
}
