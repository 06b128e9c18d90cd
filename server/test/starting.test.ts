import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { afterEach, describe, expect, it } from "vitest"
import { answerUntilServing } from "../src/http/starting.js"

const servers: Array<ReturnType<typeof createServer>> = []
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve))
})

const listening = async () => {
  const server = createServer()
  server.on("request", answerUntilServing)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

describe("a server whose port is open but whose app is not yet served", () => {
  it("answers 503 with Retry-After in the API's error shape, instead of leaving the request open", async () => {
    const { url } = await listening()
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) })
    expect(response.status).toBe(503)
    expect(response.headers.get("retry-after")).toBe("1")
    expect(await response.json()).toEqual({
      _tag: "ServiceUnavailable",
      message: "Folio is starting or stopping. Try again in a moment.",
    })
  })

  it("leaves every request to the app once the app's listener is attached, and answers again once it is gone", async () => {
    const { server, url } = await listening()
    const app = (_: unknown, response: import("node:http").ServerResponse) =>
      response.end("served by the app")
    server.on("request", app)
    const served = await fetch(url, { signal: AbortSignal.timeout(10_000) })
    expect([served.status, await served.text()]).toEqual([200, "served by the app"])
    server.off("request", app)
    const stopping = await fetch(url, { signal: AbortSignal.timeout(10_000) })
    expect(stopping.status).toBe(503)
  })
})
