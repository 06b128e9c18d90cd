import { request as httpRequest, type IncomingHttpHeaders } from "node:http"

export interface RawAnswer {
  readonly status: number
  readonly headers: IncomingHttpHeaders
  readonly body: string
}

/**
 * A request whose body the test writes itself, in parts: `write` sends a part, `answer` resolves
 * with the response (or rejects with the socket's error, e.g. ECONNRESET), `answered` says whether
 * the whole response has arrived yet. Keep-alive is off, so every request has its own connection.
 */
export const openRequest = (
  url: string,
  options: { readonly method?: string; readonly headers?: Record<string, string> } = {},
) => {
  let done = false
  let onAnswer: (answer: RawAnswer) => void = () => {}
  let onError: (error: Error) => void = () => {}
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    onAnswer = resolve
    onError = reject
  })
  const req = httpRequest(url, { method: options.method ?? "POST", headers: options.headers, agent: false })
  req.on("response", (res) => {
    const chunks: Array<Buffer> = []
    res.on("data", (chunk: Buffer) => chunks.push(chunk))
    res.on("end", () => {
      done = true
      onAnswer({
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      })
    })
    res.on("error", onError)
  })
  req.on("error", (error) => {
    if (!done) onError(error)
  })
  return {
    write: (part: string | Uint8Array) =>
      new Promise<void>((resolve) => {
        // A write to a connection the server already closed is not the test's failure: the
        // answer (or its absence) is.
        if (req.destroyed) resolve()
        else req.write(part, () => resolve())
      }),
    end: (part?: string | Uint8Array) => {
      if (!req.destroyed) req.end(part)
    },
    answer,
    answered: () => done,
  }
}

/** One whole request; `body` is sent with a Content-Length. */
export const rawRequest = (
  url: string,
  body: string | Uint8Array | undefined,
  options: { readonly method?: string; readonly headers?: Record<string, string> } = {},
): Promise<RawAnswer> => {
  const open = openRequest(url, {
    ...options,
    headers: {
      ...(body === undefined
        ? {}
        : { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) }),
      ...options.headers,
    },
  })
  open.end(body)
  return open.answer
}
