// The tunnel's fair twin for server/bench/tunnel.mjs: a bare node:http server that does what the
// tunnel must do at the least — read the envelope and forward it to the ingest with fetch, as the
// tunnel does, then answer with the ingest's status and body. No parsing, checks or inbox.
// Usage: PORT=… INGEST=http://127.0.0.1:… node server/bench/tunnel-twin.mjs
import { createServer } from "node:http"

const ingest = process.env.INGEST
createServer((request, response) => {
  const chunks = []
  request.on("data", (chunk) => chunks.push(chunk))
  request.on("end", async () => {
    try {
      const answer = await fetch(`${ingest}/api/7/envelope/`, {
        method: "POST",
        body: Buffer.concat(chunks),
        headers: { "content-type": "application/x-sentry-envelope" },
      })
      const body = await answer.text()
      response.writeHead(answer.status, { "content-type": "application/json" })
      response.end(body)
    } catch {
      response.writeHead(502)
      response.end()
    }
  })
}).listen(Number(process.env.PORT), "127.0.0.1")
