import { once } from "node:events"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

/** What the loopback model saw of one chat completion request. */
export interface ModelRequest {
  readonly path: string
  readonly body: Record<string, unknown>
  /** Words written to the stream so far. */
  readonly sent: () => number
  /** Resolves when the request's connection closes: `early` when the answer had not ended. */
  readonly closed: Promise<{ readonly early: boolean; readonly sent: number }>
}

export interface LoopbackModel {
  /** The base URL to configure (`ai.openai.baseUrl`): `http://127.0.0.1:<port>/v1`. */
  readonly baseUrl: string
  /** The chat completion requests, in order; `next()` waits for the first one not yet taken. */
  readonly next: () => Promise<ModelRequest>
  readonly stop: () => Promise<void>
}

const readBody = async (request: IncomingMessage): Promise<Record<string, unknown>> => {
  const chunks: Array<Buffer> = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString("utf8")
  return text === "" ? {} : (JSON.parse(text) as Record<string, unknown>)
}

const chunkOf = (model: string, delta: Record<string, unknown>, finish: string | null) =>
  `data: ${JSON.stringify({
    id: "chatcmpl-loopback",
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`

/**
 * A stand-in for an OpenAI-compatible server (OpenAI, vLLM, Ollama) on loopback, in the test's
 * own process: `POST /v1/chat/completions` with `stream: true` answers server-sent events, one
 * word (`word1 `, `word2 `…) every `everyMs`, then a finish chunk and `data: [DONE]`. It records
 * each request and when its connection closes, so a test can see a cancel reach the provider.
 */
export const startLoopbackModel = async ({
  words = 100,
  everyMs = 200,
}: {
  readonly words?: number
  readonly everyMs?: number
} = {}): Promise<LoopbackModel> => {
  const requests: Array<ModelRequest> = []
  const waiting: Array<(request: ModelRequest) => void> = []
  let taken = 0
  const timers = new Set<NodeJS.Timeout>()

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
      response.writeHead(404, { "content-type": "application/json" })
      response.end(JSON.stringify({ error: { message: `No route ${request.method} ${request.url}` } }))
      return
    }
    const body = await readBody(request)
    const model = typeof body.model === "string" ? body.model : "loopback"
    let sent = 0
    let ended = false
    const closed = new Promise<{ early: boolean; sent: number }>((resolve) => {
      response.on("close", () => resolve({ early: !ended, sent }))
    })
    const recorded: ModelRequest = { path: request.url, body, sent: () => sent, closed }
    requests.push(recorded)
    waiting.shift()?.(recorded)
    response.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
    })
    response.write(chunkOf(model, { role: "assistant", content: "" }, null))
    const timer = setInterval(() => {
      if (response.destroyed) {
        clearInterval(timer)
        timers.delete(timer)
        return
      }
      if (sent < words) {
        sent += 1
        response.write(chunkOf(model, { content: `word${sent} ` }, null))
        return
      }
      clearInterval(timer)
      timers.delete(timer)
      response.write(chunkOf(model, {}, "stop"))
      response.write("data: [DONE]\n\n")
      ended = true
      response.end()
    }, everyMs)
    timers.add(timer)
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { "content-type": "application/json" })
      response.end(JSON.stringify({ error: { message: String(error) } }))
    })
  })
  server.listen(0, "127.0.0.1")
  await once(server, "listening")
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    next: () => {
      const ready = requests[taken]
      taken += 1
      if (ready !== undefined) return Promise.resolve(ready)
      return new Promise((resolve) => waiting.push(resolve))
    },
    stop: async () => {
      for (const timer of timers) clearInterval(timer)
      server.closeAllConnections()
      server.close()
      await once(server, "close").catch(() => undefined)
    },
  }
}
