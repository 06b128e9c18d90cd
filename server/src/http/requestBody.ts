import type { IncomingMessage } from "node:http"
import type { Socket } from "node:net"
import { Data, Effect } from "effect"

/** Why a request body could not be read: over its cap, or cut off by the client. */
export class BodyNotRead extends Data.TaggedError("BodyNotRead")<{
  readonly reason: "OverCap" | "CutOff"
}> {}

/**
 * The request body, read while counting: a declared Content-Length over the cap is refused before
 * reading anything, and a body that grows past it is refused at the chunk that crosses it, so no
 * more than the cap is ever held. After a refusal the rest of the body is left unread (see
 * `lingeringClose` for how the connection then ends).
 */
export const readBody = (incoming: IncomingMessage, maxBytes: number): Effect.Effect<Buffer, BodyNotRead> => {
  const declared = Number(incoming.headers["content-length"] ?? Number.NaN)
  if (declared > maxBytes) return Effect.fail(new BodyNotRead({ reason: "OverCap" }))
  return Effect.async<Buffer, BodyNotRead>((resume) => {
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
        resume(Effect.fail(new BodyNotRead({ reason: "OverCap" })))
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
      resume(Effect.fail(new BodyNotRead({ reason: "CutOff" })))
    }
    incoming.on("data", onData)
    incoming.once("end", onEnd)
    incoming.once("error", onError)
    incoming.once("aborted", onError)
    return Effect.sync(cleanup)
  })
}

/** How long a refused body may keep arriving after the answer, before the connection is cut. */
const lingerMs = 2_000

/**
 * Ends the connection of a request whose body was refused unread, so the client always reads the
 * answer. Node closes a `connection: close` response's socket as soon as the answer is written;
 * with body bytes still unread, that close is a TCP reset, and a reset makes the client's kernel
 * drop the answer it had not read yet (the client sees EPIPE or ECONNRESET, never the 413). Here
 * the server instead sends its FIN after the answer, reads and discards what the client still
 * sends, and closes once the client does, or after `lingerMs` (Apache's "lingering close").
 */
export const lingeringClose = (incoming: IncomingMessage): void => {
  const socket: Socket = incoming.socket
  socket.destroySoon = () => {
    socket.end()
    const timer = setTimeout(() => socket.destroy(), lingerMs)
    timer.unref()
    socket.once("close", () => clearTimeout(timer))
    socket.once("end", () => socket.destroy())
    socket.resume()
  }
}
