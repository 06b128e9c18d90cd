const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff

/**
 * The UTF-8 size of `text` without encoding it (the browser has no Buffer): what a JSON body
 * holding it weighs on the wire.
 */
export const utf8Bytes = (text: string): number => {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      // A surrogate pair: one four-byte character.
      bytes += 4
      i++
    } else bytes += 3 // the rest of the BMP, and a lone surrogate (written as U+FFFD)
  }
  return bytes
}
