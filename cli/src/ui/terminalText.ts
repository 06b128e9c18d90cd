/**
 * Text from the server (titles, names, messages) is printed with every control character made
 * visible, so a stored `ESC ] 0 ;` cannot retitle the window, `ESC ] 8 ;;` cannot plant a
 * hyperlink and a carriage return cannot overwrite what was printed before it. The result holds
 * no control character, so escaping twice changes nothing, and our own colours are added after.
 */

const named: Readonly<Record<number, string>> = {
  7: "\\a",
  8: "\\b",
  9: "\\t",
  10: "\\n",
  11: "\\v",
  12: "\\f",
  13: "\\r",
  27: "\\e",
}

/** C0 controls, DEL and C1 controls. */
const isControl = (code: number): boolean => code <= 0x1f || (code >= 0x7f && code <= 0x9f)

const escaped = (text: string, keep: (code: number) => boolean): string => {
  let out = ""
  let from = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (!isControl(code) || keep(code)) continue
    out += text.slice(from, i) + (named[code] ?? `\\x${code.toString(16).padStart(2, "0")}`)
    from = i + 1
  }
  return from === 0 ? text : out + text.slice(from)
}

/** One line: every control character escaped, line breaks and tabs included. */
export const visible = (text: string): string => escaped(text, () => false)

/**
 * Deliberately multi-line text (a report's summary or body): line feeds and tabs stay, a
 * Windows line end becomes a plain one, and every other control character (a lone carriage
 * return included) is escaped.
 */
export const visibleText = (text: string): string =>
  escaped(text.replaceAll("\r\n", "\n"), (code) => code === 0x0a || code === 0x09)
