import { parseEnvelope } from "@sentry/core"
import { Effect, Either, Schema } from "effect"
import { field } from "../errorReports/payload.js"
import { firstShapeViolation, pathText } from "../http/jsonShape.js"
import { badEnvelope, type TunnelRejection, tooLarge } from "./rejection.js"

export const maxItemBytes = 1024 * 1024

/** A parsed envelope: its header's DSN and its items (type and payload: JSON, or bytes when length-prefixed). */
export interface Envelope {
  readonly dsn: string
  readonly items: ReadonlyArray<{ readonly type: string; readonly payload: unknown }>
}

const EnvelopeHeader = Schema.Struct({ dsn: Schema.String })
const ItemHeader = Schema.Struct({ type: Schema.String })

/** Far deeper and longer than the SDK sends (it normalises extra data 3 deep, 100 breadcrumbs). */
const eventShapeLimits = { maxDepth: 64, maxArrayLength: 10_000 }
const newline = 10

/**
 * The byte size of every item's payload, walking the envelope the way `parseEnvelope` does (a
 * header line, then per item a header line and either `length` bytes or a line). Done first, so
 * an oversize item is refused before it is parsed.
 */
interface ItemSpan {
  readonly start: number
  readonly size: number
  /** A line of JSON, parsed by `parseEnvelope`; false for a length-prefixed payload (any bytes). */
  readonly json: boolean
}

const itemSizes = (bytes: Uint8Array): Either.Either<ReadonlyArray<ItemSpan>, string> => {
  const lineEnd = (from: number) => {
    const at = bytes.indexOf(newline, from)
    return at < 0 ? bytes.length : at
  }
  const sizes: Array<ItemSpan> = []
  let at = lineEnd(0) + 1
  while (at < bytes.length) {
    const headerEnd = lineEnd(at)
    let length: unknown
    try {
      length = field(JSON.parse(Buffer.from(bytes.subarray(at, headerEnd)).toString("utf8")), "length")
    } catch {
      return Either.left(`item ${sizes.length + 1} has no JSON header.`)
    }
    const start = headerEnd + 1
    // parseEnvelope treats any non-zero number as a byte count, so anything odd is refused here.
    if (typeof length === "number" && length !== 0) {
      if (!Number.isSafeInteger(length) || length < 0 || start + length > bytes.length) {
        return Either.left(`item ${sizes.length + 1} declares ${length} bytes, but fewer follow.`)
      }
      sizes.push({ start, size: length, json: false })
      at = start + length + 1
    } else {
      const end = lineEnd(start)
      sizes.push({ start, size: end - start, json: true })
      at = end + 1
    }
  }
  return Either.right(sizes)
}

/** NUL and lone surrogates, which PostgreSQL refuses in text and JSON: a browser's event may hold them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the character this pattern is for.
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** The payload with every unstorable character replaced by U+FFFD; depth is already bounded. */
const storable = (value: unknown, depth: number): unknown => {
  if (typeof value === "string") return value.replace(unstorable, "\uFFFD")
  if (typeof value !== "object" || value === null || value instanceof Uint8Array || depth > 64) return value
  if (Array.isArray(value)) return value.map((item) => storable(item, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value))
    out[storable(key, depth) as string] = storable(item, depth + 1)
  return out
}

/** Checks the item sizes, then parses with Sentry's own parser and checks the headers' shape. */
export const parseTunnelEnvelope = (bytes: Uint8Array): Effect.Effect<Envelope, TunnelRejection> =>
  Effect.gen(function* () {
    if (bytes.length === 0) return yield* badEnvelope("the body is empty.")
    const sizes = yield* Either.mapLeft(itemSizes(bytes), badEnvelope)
    const oversize = sizes.findIndex((item) => item.size > maxItemBytes)
    if (oversize >= 0) {
      return yield* tooLarge(`Item ${oversize + 1} of the envelope is larger than 1 MiB.`)
    }
    // Bounded before parsing: an event nested 100,000 deep would overflow the stack of whatever
    // walks it next (JSON.stringify when it is filed).
    for (const [index, item] of sizes.entries()) {
      if (!item.json) continue
      const text = Buffer.from(bytes.buffer, bytes.byteOffset + item.start, item.size).toString("utf8")
      const violation = firstShapeViolation(text, eventShapeLimits)
      if (violation !== undefined) {
        const where = pathText(violation.path)
        return yield* badEnvelope(
          `item ${index + 1}${where === "" ? "" : ` at ${where}`} ${violation.message}.`,
        )
      }
    }
    const [header, items] = yield* Effect.try({
      try: () => parseEnvelope(bytes),
      catch: () => badEnvelope("a header or item is not valid JSON."),
    })
    const { dsn } = yield* Schema.decodeUnknown(EnvelopeHeader)(header).pipe(
      Effect.mapError(() =>
        badEnvelope("its header names no DSN (the SDK adds `dsn` when it is configured with a tunnel)."),
      ),
    )
    const parsed: Array<Envelope["items"][number]> = []
    for (const [index, [itemHeader, payload]] of items.entries()) {
      const { type } = yield* Schema.decodeUnknown(ItemHeader)(itemHeader).pipe(
        Effect.mapError(() => badEnvelope(`item ${index + 1} has no type.`)),
      )
      parsed.push({ type, payload: storable(payload, 0) })
    }
    return { dsn, items: parsed }
  })
