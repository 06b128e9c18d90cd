import type { IncomingMessage } from "node:http"
import { Effect } from "effect"
import { badEnvelope, type TunnelRejection, tooLarge } from "./rejection.js"

export const maxEnvelopeBytes = 20 * 1024 * 1024

const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`

/**
 * The request body, read while counting: a declared Content-Length over the cap is refused before
 * reading anything, and a body that grows past it is refused at the chunk that crosses it, so no
 * more than the cap is ever held. After a refusal the rest of the body is left unread.
 */
export const readBody = (
  incoming: IncomingMessage,
  maxBytes = maxEnvelopeBytes,
): Effect.Effect<Buffer, TunnelRejection> => {
  const overCap = tooLarge(`The envelope is larger than ${mib(maxBytes)}.`)
  const declared = Number(incoming.headers["content-length"] ?? Number.NaN)
  if (declared > maxBytes) return Effect.fail(overCap)
  return Effect.async<Buffer, TunnelRejection>((resume) => {
    const chunks: Array<Buffer> = []
    let bytes = 0
    const cleanup = () => {
      incoming.off("data", onData)
      incoming.off("end", onEnd)
      incoming.off("error", onError)
      incoming.off("aborted", onError)
    }
    const onData = (chunk: Buffer) => {
      bytes += chunk.length
      if (bytes > maxBytes) {
        cleanup()
        chunks.length = 0
        resume(Effect.fail(overCap))
      } else {
        chunks.push(chunk)
      }
    }
    const onEnd = () => {
      cleanup()
      resume(Effect.succeed(Buffer.concat(chunks, bytes)))
    }
    const onError = () => {
      cleanup()
      resume(Effect.fail(badEnvelope("the request body was cut off.")))
    }
    incoming.on("data", onData)
    incoming.once("end", onEnd)
    incoming.once("error", onError)
    incoming.once("aborted", onError)
    return Effect.sync(cleanup)
  })
}
