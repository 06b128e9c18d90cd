import { Schema } from "effect"

/**
 * What text may hold before it is stored or shown. PostgreSQL refuses NUL and text that is not
 * valid UTF-8 (an unpaired UTF-16 surrogate cannot be encoded), which would otherwise surface as a
 * 500; control characters (C0, DEL, C1) in a name are how terminal escapes (window titles,
 * hyperlinks, a carriage return that overwrites a line) reach whoever prints it. These checks
 * scan the text once and never echo it in their message.
 */

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const loneSurrogate = "[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]"

// One regular expression per rule, which V8 compiles to a native scan: several times faster than a
// loop over char codes on an import's long texts. Control characters are C0 (U+0000–U+001F), DEL
// (U+007F) and C1 (U+0080–U+009F).
const unstorable = new RegExp(`\\0|${loneSurrogate}`)
const unsafeMultiLine = new RegExp(`[\\0-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F-\\x9F]|${loneSurrogate}`)
const unsafeSingleLine = new RegExp(`[\\0-\\x1F\\x7F-\\x9F]|${loneSurrogate}`)

/** No NUL and no unpaired surrogate: text PostgreSQL can store. */
export const isStorableText = (text: string): boolean => !unstorable.test(text)

/** Storable, and no control character but tab, line feed and carriage return. */
export const isMultiLineText = (text: string): boolean => !unsafeMultiLine.test(text)

/** Storable, and no control character at all (no line breaks, tabs or escapes). */
export const isSingleLineText = (text: string): boolean => !unsafeSingleLine.test(text)

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
