/**
 * Bounds on the shape of a JSON request body, checked on its text before anything parses,
 * decodes or formats it. A body nested a million deep, or holding an array of a million items,
 * is refused after reading as far as its first violation: the cost of refusing is the cost of
 * the error, not of the input.
 */
export interface JsonShapeLimits {
  /** How deep arrays and objects may nest (the top-level value is depth 1). */
  readonly maxDepth: number
  /** How many items one array may hold. */
  readonly maxArrayLength: number
}

export interface JsonShapeViolation {
  /** Where the violation is, as keys and indexes from the top (like a decode issue's path). */
  readonly path: ReadonlyArray<string | number>
  readonly message: string
}

const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const COLON = 0x3a

/** Long keys are cut in messages: a path names a field, it never carries the input. */
const keyForPath = (raw: string): string => {
  let key: string
  try {
    key = JSON.parse(raw.length > 130 ? `${raw.slice(0, 120)}"` : raw) as string
  } catch {
    key = raw.slice(1, 41)
  }
  return raw.length > 130 ? `${key}…` : key
}

interface Frame {
  readonly array: boolean
  /** Items seen so far in an array; unused for objects. */
  items: number
  /** The current key of an object (its raw JSON text), or undefined before the first one. */
  key: string | undefined
  /** In an object: true after a key's colon, false after a comma (the next string is a key). */
  afterColon: boolean
}

const pathOf = (stack: ReadonlyArray<Frame>): Array<string | number> =>
  stack.map((frame) => (frame.array ? Math.max(0, frame.items - 1) : keyForPath(frame.key ?? '""')))

/**
 * The first place where `text` breaks `limits`, or undefined. Malformed JSON is not reported
 * here: the parser that reads the body next says so.
 */
export const firstShapeViolation = (
  text: string,
  limits: JsonShapeLimits,
): JsonShapeViolation | undefined => {
  const stack: Array<Frame> = []
  const length = text.length
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      const start = i
      for (i++; i < length; i++) {
        const s = text.charCodeAt(i)
        if (s === BACKSLASH) i++
        else if (s === QUOTE) break
      }
      const top = stack[stack.length - 1]
      if (top && !top.array && !top.afterColon) top.key = text.slice(start, i + 1)
      else if (top?.array && top.items === 0) top.items = 1
      continue
    }
    const top = stack[stack.length - 1]
    if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (top?.array && top.items === 0) top.items = 1
      if (stack.length >= limits.maxDepth) {
        return {
          path: pathOf(stack),
          message: `is nested deeper than ${limits.maxDepth} levels, the most the server reads`,
        }
      }
      stack.push({ array: c === OPEN_ARRAY, items: 0, key: undefined, afterColon: false })
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      stack.pop()
    } else if (c === COMMA) {
      if (!top) continue
      if (top.array) {
        top.items++
        if (top.items > limits.maxArrayLength) {
          return {
            path: pathOf(stack.slice(0, -1)),
            message: `holds more than ${limits.maxArrayLength} items, the most the server reads in one list`,
          }
        }
      } else top.afterColon = false
    } else if (c === COLON) {
      if (top && !top.array) top.afterColon = true
    } else if (top?.array && top.items === 0 && c > 0x20) {
      // The first item of an array that is a number, true, false or null.
      top.items = 1
    }
  }
  return undefined
}

/** "email[0][0]", "rows[3].title": a path as people read it. */
export const pathText = (path: ReadonlyArray<PropertyKey>): string => {
  let text = ""
  for (const part of path) {
    if (typeof part === "number") text += `[${part}]`
    else text += text === "" ? String(part) : `.${String(part)}`
  }
  return text
}
