import { createServer, type IncomingHttpHeaders } from "node:http"

/**
 * A loopback HTTP server standing in for a Sentry ingest (or a relay): it records every request
 * with its exact bytes and answers as told. `answer` may be changed between requests; "hang up"
 * destroys the connection without a response, like an ingest that went away, and "no answer"
 * keeps it open without one, like an ingest that stalls.
 */
export interface ReceivedRequest {
  readonly method: string
  readonly url: string
  readonly headers: IncomingHttpHeaders
  readonly body: Buffer
}

export type IngestAnswer =
  | { readonly status: number; readonly headers?: Record<string, string>; readonly body?: string }
  | "hang up"
  | "no answer"

export interface Ingest {
  readonly url: string
  readonly received: Array<ReceivedRequest>
  answer: IngestAnswer
  readonly close: () => Promise<void>
}

const okAnswer: IngestAnswer = {
  status: 200,
  headers: { "content-type": "application/json" },
  body: '{"id":"ok"}',
}

export const startIngest = async (): Promise<Ingest> => {
  const received: Array<ReceivedRequest> = []
  const server = createServer((request, response) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks),
      })
      const answer = ingest.answer
      if (answer === "hang up") {
        request.socket.destroy()
        return
      }
      if (answer === "no answer") return
      response.writeHead(answer.status, answer.headers ?? {})
      response.end(answer.body ?? "")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  const ingest: Ingest = {
    url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
    received,
    answer: okAnswer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return ingest
}
