import { createHash } from "node:crypto"
import { once } from "node:events"
import { createWriteStream } from "node:fs"
import { connect, createServer, type Server, type Socket } from "node:net"

/** A RIFF/WAVE header for PCM data of `dataBytes` bytes. */
export const wavHeader = (dataBytes: number, sampleRate: number, bitsPerSample: 8 | 16, channels = 1) => {
  const header = Buffer.alloc(44)
  const blockAlign = (channels * bitsPerSample) / 8
  header.write("RIFF", 0, "ascii")
  header.writeUInt32LE(36 + dataBytes, 4)
  header.write("WAVE", 8, "ascii")
  header.write("fmt ", 12, "ascii")
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(channels, 22)
  header.writeUInt32LE(sampleRate, 24)
  header.writeUInt32LE(sampleRate * blockAlign, 28)
  header.writeUInt16LE(blockAlign, 32)
  header.writeUInt16LE(bitsPerSample, 34)
  header.write("data", 36, "ascii")
  header.writeUInt32LE(dataBytes, 40)
  return header
}

/** Pseudo-random bytes (xorshift32), quick enough for hundreds of megabytes. */
const noise = (buffer: Buffer, seed: number) => {
  let x = seed | 1
  for (let i = 0; i + 4 <= buffer.length; i += 4) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    buffer.writeInt32LE(x | 0, i)
  }
}

/** A WAV file of noise at `path`: 16-bit mono; returns its size and SHA-256. */
export const writeNoiseWav = async (path: string, dataBytes: number, sampleRate = 22_050) => {
  const hash = createHash("sha256")
  const out = createWriteStream(path)
  const write = async (chunk: Buffer) => {
    hash.update(chunk)
    if (!out.write(chunk)) await once(out, "drain")
  }
  await write(wavHeader(dataBytes, sampleRate, 16))
  const chunk = Buffer.alloc(1024 * 1024)
  for (let written = 0, seed = 1; written < dataBytes; seed++) {
    noise(chunk, seed * 2654435761)
    const part = chunk.subarray(0, Math.min(chunk.length, dataBytes - written))
    await write(Buffer.from(part))
    written += part.length
  }
  out.end()
  await once(out, "finish")
  return { size: 44 + dataBytes, sha256: hash.digest("hex") }
}

/** An in-memory WAV: 8-bit mono at `sampleRate`, `seconds` long, quiet noise. */
export const smallWav = (seconds: number, sampleRate = 8_000) => {
  const data = Buffer.alloc(Math.round(seconds * sampleRate))
  noise(data, seconds * 7919)
  for (let i = 0; i < data.length; i++) data[i] = 128 + (((data[i] ?? 0) & 0x0f) - 8)
  return Buffer.concat([wavHeader(data.length, sampleRate, 8), data])
}

/**
 * A TCP proxy in front of the server that cuts the first connection to carry more than `cutAfter`
 * bytes from the client, once: a connection dropped mid-upload. It notes how many connections it
 * saw and the Upload-Offset of every PATCH that passed.
 */
export const cuttingProxy = async (targetPort: number, cutAfter: number) => {
  const seen = { connections: 0, cut: false, patchOffsets: [] as Array<number> }
  const sockets = new Set<Socket>()
  const server: Server = createServer((client) => {
    seen.connections++
    sockets.add(client)
    const upstream = connect(targetPort, "127.0.0.1")
    sockets.add(upstream)
    let bytes = 0
    client.on("data", (chunk: Buffer) => {
      bytes += chunk.length
      const text = chunk.subarray(0, 2048).toString("latin1")
      if (text.startsWith("PATCH ")) {
        const match = /\r\nupload-offset: *(\d+)/i.exec(text)
        if (match?.[1]) seen.patchOffsets.push(Number(match[1]))
      }
      if (!seen.cut && bytes > cutAfter) {
        seen.cut = true
        client.destroy()
        upstream.destroy()
        return
      }
      if (!upstream.write(chunk)) client.pause()
    })
    upstream.on("drain", () => client.resume())
    upstream.pipe(client)
    client.on("close", () => upstream.destroy())
    upstream.on("close", () => client.destroy())
    client.on("error", () => upstream.destroy())
    upstream.on("error", () => client.destroy())
  })
  server.listen(0, "127.0.0.1")
  await once(server, "listening")
  const address = server.address()
  const port = typeof address === "object" && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
