// A TCP proxy between a server and PostgreSQL that records every statement the server sends: the
// text of each simple query ('Q') and of each parse ('P'), with the parameter values of the bind
// ('B') that follows. server/bench/api-twins.mjs runs Folio and its bare twin through it once per
// scenario and compares what each sent, so the twin provably runs the same SQL as the route.
// The readership benchmarks replay what they record (readership-support.mjs, on a fixed port).
// Plain TCP only (the servers here connect without TLS); the protocol is PostgreSQL's v3.
import { createServer, connect as tcpConnect } from "node:net"

/** Reads a NUL-terminated string at `at`: [text, offset after the NUL]. */
const cString = (buffer, at) => {
  const end = buffer.indexOf(0, at)
  return [buffer.toString("utf8", at, end), end + 1]
}

/**
 * Parameter values of a bind message, as text; binary ones (bytea from a Buffer, as `pg` sends it)
 * shown as hex, or with `keepBinary` kept as Buffers: replayed through `pg`, they go out in binary
 * again.
 */
const bindValues = (payload, keepBinary) => {
  let [, at] = cString(payload, 0) // portal
  ;[, at] = cString(payload, at) // statement
  const formats = payload.readInt16BE(at)
  const formatCodes = []
  at += 2
  for (let i = 0; i < formats; i++, at += 2) formatCodes.push(payload.readInt16BE(at))
  const count = payload.readInt16BE(at)
  at += 2
  const values = []
  for (let i = 0; i < count; i++) {
    const length = payload.readInt32BE(at)
    at += 4
    if (length < 0) values.push(null)
    else {
      const binary = (formatCodes.length === 1 ? formatCodes[0] : formatCodes[i]) === 1
      const bytes = payload.subarray(at, at + length)
      values.push(
        !binary ? bytes.toString("utf8") : keepBinary ? Buffer.from(bytes) : `\\x${bytes.toString("hex")}`,
      )
      at += length
    }
  }
  return values
}

/**
 * Starts the proxy on a loopback `port` (a free one unless said) in front of `target` (a
 * postgres:// URL); `keepBinary`: see bindValues. Returns the URL to give the server, `take()` (the
 * statements recorded since the last take, in the order they were sent, each `{ text, values }`)
 * and `stop()`.
 */
export const startSqlCapture = async (target, { port = 0, keepBinary = false } = {}) => {
  const upstream = new URL(target)
  let recorded = []
  const sockets = new Set()
  const server = createServer((client) => {
    const pg = tcpConnect(Number(upstream.port || 5432), upstream.hostname)
    sockets.add(client)
    sockets.add(pg)
    let pending = Buffer.alloc(0)
    let started = false // the startup message has no type byte
    let parsed // the last parse, waiting for its bind
    client.on("data", (chunk) => {
      pg.write(chunk)
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk])
      for (;;) {
        if (!started) {
          if (pending.length < 4) break
          const length = pending.readInt32BE(0)
          if (pending.length < length) break
          pending = pending.subarray(length)
          started = true
          continue
        }
        if (pending.length < 5) break
        const type = String.fromCharCode(pending[0])
        const length = pending.readInt32BE(1)
        if (pending.length < 1 + length) break
        const payload = pending.subarray(5, 1 + length)
        if (type === "Q") recorded.push({ text: cString(payload, 0)[0], values: [] })
        else if (type === "P") {
          const [, at] = cString(payload, 0)
          parsed = { text: cString(payload, at)[0], values: [] }
          recorded.push(parsed)
        } else if (type === "B" && parsed) {
          parsed.values = bindValues(payload, keepBinary)
          parsed = undefined
        }
        pending = pending.subarray(1 + length)
      }
    })
    pg.on("data", (chunk) => client.write(chunk))
    const close = () => {
      client.destroy()
      pg.destroy()
      sockets.delete(client)
      sockets.delete(pg)
    }
    client.on("close", close)
    pg.on("close", close)
    client.on("error", close)
    pg.on("error", close)
  })
  await new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, "127.0.0.1", resolve)
  })
  const url = new URL(target)
  url.hostname = "127.0.0.1"
  url.port = String(server.address().port)
  return {
    url: url.toString(),
    take: () => {
      const taken = recorded
      recorded = []
      return taken
    },
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** A statement's text with its whitespace collapsed, for comparing two servers' statements. */
export const normalizeSql = (text) =>
  text.replace(/\s+/g, " ").replace(/\( /g, "(").replace(/ \)/g, ")").trim()
