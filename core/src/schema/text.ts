import { Schema } from "effect"

/**
 * What text may hold before it is stored or shown. PostgreSQL refuses NUL and text that is not
 * valid UTF-8 (an unpaired UTF-16 surrogate cannot be encoded), which would otherwise surface as a
 * 500; control characters (C0, DEL, C1) in a name are how terminal escapes (window titles,
 * hyperlinks, a carriage return that overwrites a line) reach whoever prints it. These checks
 * scan the text once and never echo it in their message.
 */

/** C0 controls (U+0000–U+001F), DEL (U+007F) and C1 controls (U+0080–U+009F). */
export const isControlCharacter = (code: number): boolean => code <= 0x1f || (code >= 0x7f && code <= 0x9f)

const tab = 0x09
const lineFeed = 0x0a
const carriageReturn = 0x0d

type Allowed = "anyControl" | "layout" | "none"

/** The first offending position, or -1: NUL and lone surrogates always, control characters per `allowed`. */
const firstUnsafe = (text: string, allowed: Allowed): number => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code === 0) return i
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) i++
      else return i
    } else if (code >= 0xdc00 && code <= 0xdfff) return i
    else if (allowed !== "anyControl" && isControlCharacter(code)) {
      if (allowed === "layout" && (code === tab || code === lineFeed || code === carriageReturn)) continue
      return i
    }
  }
  return -1
}

/** No NUL and no unpaired surrogate: text PostgreSQL can store. */
export const isStorableText = (text: string): boolean => firstUnsafe(text, "anyControl") === -1

/** Storable, and no control character but tab, line feed and carriage return. */
export const isMultiLineText = (text: string): boolean => firstUnsafe(text, "layout") === -1

/** Storable, and no control character at all (no line breaks, tabs or escapes). */
export const isSingleLineText = (text: string): boolean => firstUnsafe(text, "none") === -1

export const storableTextMessage = "must not contain NUL characters or unpaired surrogates"
export const multiLineTextMessage = "must not contain control characters other than tabs and line breaks"
export const singleLineTextMessage = "must not contain control characters (line breaks, tabs, escapes)"

const refinement =
  (check: (text: string) => boolean, message: string, title: string) =>
  (subject: string) =>
  <S extends Schema.Schema.Any, A extends string>(
    self: S & Schema.Schema<A, Schema.Schema.Encoded<S>, Schema.Schema.Context<S>>,
  ): Schema.filter<S> =>
    self.pipe(
      Schema.filter((text) => check(text), {
        title,
        message: () => `${subject} ${message}`,
      }),
    )

/**
 * Any text that reaches PostgreSQL: search words, filters, cursors, keys. `subject` starts the
 * message ("Search", "Sector filter"); the path names the field.
 */
export const storableText = refinement(isStorableText, storableTextMessage, "storableText")

/** Multi-line text such as a report's body, summary or a description. */
export const multiLineText = refinement(isMultiLineText, multiLineTextMessage, "multiLineText")

/** A single-line name or title shown in lists, emails and terminals. */
export const singleLineText = refinement(isSingleLineText, singleLineTextMessage, "singleLineText")

/** A free-form query or filter string (not a name being stored): storable, and at most `max` characters. */
export const QueryText = (subject: string, max: number) =>
  Schema.String.pipe(
    Schema.maxLength(max, { message: () => `${subject} must be at most ${max} characters` }),
    storableText(subject),
  )
