import { parseEnvelope } from "@sentry/core"
import { Effect, Either, Schema } from "effect"
import { field } from "../errorReports/payload.js"
import { badEnvelope, type TunnelRejection, tooLarge } from "./rejection.js"

export const maxItemBytes = 1024 * 1024

/** A parsed envelope: its header's DSN and its items (type and payload: JSON, or bytes when length-prefixed). */
export interface Envelope {
  readonly dsn: string
  readonly items: ReadonlyArray<{ readonly type: string; readonly payload: unknown }>
}

const EnvelopeHeader = Schema.Struct({ dsn: Schema.String })
const ItemHeader = Schema.Struct({ type: Schema.String })
const newline = 10

/**
 * The byte size of every item's payload, walking the envelope the way `parseEnvelope` does (a
 * header line, then per item a header line and either `length` bytes or a line). Done first, so
 * an oversize item is refused before it is parsed.
 */
const itemSizes = (bytes: Uint8Array): Either.Either<ReadonlyArray<number>, string> => {
  const lineEnd = (from: number) => {
    const at = bytes.indexOf(newline, from)
    return at < 0 ? bytes.length : at
  }
  const sizes: Array<number> = []
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
      sizes.push(length)
      at = start + length + 1
    } else {
      const end = lineEnd(start)
      sizes.push(end - start)
      at = end + 1
    }
  }
  return Either.right(sizes)
}

/** Checks the item sizes, then parses with Sentry's own parser and checks the headers' shape. */
export const parseTunnelEnvelope = (bytes: Uint8Array): Effect.Effect<Envelope, TunnelRejection> =>
  Effect.gen(function* () {
    if (bytes.length === 0) return yield* badEnvelope("the body is empty.")
    const sizes = yield* Either.mapLeft(itemSizes(bytes), badEnvelope)
    const oversize = sizes.findIndex((size) => size > maxItemBytes)
    if (oversize >= 0) {
      return yield* tooLarge(`Item ${oversize + 1} of the envelope is larger than 1 MiB.`)
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
      parsed.push({ type, payload })
    }
    return { dsn, items: parsed }
  })
