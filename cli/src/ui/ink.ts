import { renderToString } from "ink"
import type { ReactElement } from "react"
import type { Output } from "./output.js"

/**
 * Draws a finished result once, at the terminal's width, and leaves it in the scrollback. Results
 * are static, so there is no live Ink app to unmount and nothing to clean up on exit.
 */
export const printInk = (element: ReactElement, out: Output): void => {
  process.stdout.write(`${renderToString(element, { columns: out.columns })}\n`)
}
