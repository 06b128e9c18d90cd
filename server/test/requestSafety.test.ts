import { localSentryDsn, parseSentryDsn } from "@folio/core"
import { Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { errorEvent, post, tunnelUrl } from "./support/envelopes.js"
import { openRequest, rawRequest } from "./support/rawHttp.js"
import { startTestServer, type TestServer } from "./support/server.js"

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server.stop()
})

const nestedEmail = (depth: number) => `{"email":${"[".repeat(depth)}${"]".repeat(depth)},"password":"x"}`
const json = (text: string) =>
  JSON.parse(text) as { _tag: string; message: string; issues?: Array<{ path: Array<string | number> }> }

describe("a hostile body costs the server as much as its first error, not its size", () => {
  it("an email nested a million deep (1.9 MB) is a 400 naming the field, and health is answered while it arrives", async () => {
    const body = nestedEmail(1_000_000)
    const hostile = openRequest(`${server.url}/api/session`, {
      headers: { "content-type": "application/json", "content-length": String(body.length) },
    })
    await hostile.write(body.slice(0, body.length / 2))
    const health = await rawRequest(`${server.url}/api/health`, undefined, { method: "GET" })
    expect(health.status).toBe(200)
    expect(hostile.answered()).toBe(false)
    hostile.end(body.slice(body.length / 2))
    const answer = await hostile.answer
    expect(answer.status).toBe(400)
    const error = json(answer.body)
    expect(error._tag).toBe("HttpApiDecodeError")
    expect(error.issues?.[0]?.path[0]).toBe("email")
    expect(error.message).toMatch(/^email\[0\]/)
    expect(error.message).toContain("nested deeper than 32 levels")
    expect(answer.body.length).toBeLessThan(2_000)
  })

  it("three at once are each a 400, and a health request sent right after them is answered", async () => {
    const body = nestedEmail(900_000)
    const hostile = [1, 2, 3].map(() => rawRequest(`${server.url}/api/session`, body))
    const health = rawRequest(`${server.url}/api/health`, undefined, { method: "GET" })
    expect((await health).status).toBe(200)
    for (const answer of await Promise.all(hostile)) expect(answer.status).toBe(400)
  })

  it("a flat array of 990,000 items is a 400 that does not echo it", async () => {
    const body = `{"email":[${Array.from({ length: 990_000 }, () => "0").join(",")}],"password":"x"}`
    const answer = await rawRequest(`${server.url}/api/session`, body)
    expect(answer.status).toBe(400)
    const error = json(answer.body)
    expect(error.issues?.[0]?.path).toEqual(["email"])
    expect(error.message).toBe("email: holds more than 1000 items, the most the server reads in one list")
    expect(answer.body.length).toBeLessThan(2_000)
  })

  it("a decode failure names the field and says what it got, never the value itself", async () => {
    const secret = "s3cr3t-".repeat(100_000)
    const answer = await rawRequest(
      `${server.url}/api/session`,
      JSON.stringify({ email: { nested: [secret] }, password: "x" }),
    )
    expect(answer.status).toBe(400)
    const error = json(answer.body)
    expect(error.issues?.[0]?.path).toEqual(["email"])
    expect(error.message).toMatch(/^email: .*got an object$/)
    expect(answer.body).not.toContain("s3cr3t")
    expect(answer.body.length).toBeLessThan(2_000)
  })

  it("a body that is not JSON is a JSON 400 that says so", async () => {
    const answer = await rawRequest(`${server.url}/api/session`, '{"email": "a@b.example", "password": ')
    expect(answer.status).toBe(400)
    expect(json(answer.body)).toMatchObject({
      _tag: "HttpApiDecodeError",
      message: "The request body is not valid JSON.",
    })
  })

  it("a chunked body over the 2 MiB cap gets its 413, read by the client, not a reset", async () => {
    const hostile = openRequest(`${server.url}/api/session`, {
      headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
    })
    const chunk = `"${"x".repeat(64 * 1024)}",`
    // Far past the cap, written while the server refuses: the answer must still reach the client.
    for (let i = 0; i < 64 && !hostile.answered(); i++) await hostile.write(chunk)
    hostile.end()
    const answer = await hostile.answer
    expect(answer.status).toBe(413)
    expect(json(answer.body)._tag).toBe("PayloadTooLarge")
  })

  it("a 21 MiB envelope on the tunnel gets its 413, read by the client", async () => {
    const dsn = parseSentryDsn(localSentryDsn)
    if (!dsn) throw new Error("the local DSN does not parse")
    const hostile = openRequest(tunnelUrl(server.url, dsn), {
      headers: { "content-type": "text/plain", "content-length": String(21 * 1024 * 1024) },
    })
    const chunk = new Uint8Array(256 * 1024).fill(0x61)
    for (let i = 0; i < 84 && !hostile.answered(); i++) await hostile.write(chunk)
    hostile.end()
    const answer = await hostile.answer
    expect(answer.status).toBe(413)
  })
})

describe("the error tunnel bounds what it parses", () => {
  const dsn = parseSentryDsn(localSentryDsn)
  const url = () => {
    if (!dsn) throw new Error("the local DSN does not parse")
    return tunnelUrl(server.url, dsn)
  }

  it("an event nested 100,000 deep is a 400 naming where", async () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`
    const event = JSON.stringify({ ...errorEvent(), extra: { deep: "@" } }).replace('"@"', deep)
    const response = await post(url(), `{"dsn":"${localSentryDsn}"}\n{"type":"event"}\n${event}`)
    expect(response.status).toBe(400)
    const body = json(await response.text())
    expect(body.message).toContain("item 1 at extra.deep")
    expect(body.message).toContain("nested deeper than 64 levels")
  })

  it("an event holding NUL and a lone surrogate is filed, not a 500", async () => {
    const event = errorEvent({ message: "bad \u0000 byte and \ud800 half" })
    const response = await post(
      url(),
      `{"dsn":"${localSentryDsn}"}\n{"type":"event"}\n${JSON.stringify(event)}`,
    )
    expect(response.status).toBe(200)
  })
})

describe("sign-in accepts JSON from the console's own origin only (login CSRF)", () => {
  const signIn = (body: string, headers: Record<string, string>) =>
    rawRequest(`${server.url}/api/session`, body, { headers })
  const credentials = () => JSON.stringify({ email: server.adminEmail, password: server.adminPassword })

  it("a cross-site form posting the attacker's credentials starts no session", async () => {
    const form = new URLSearchParams({ email: server.adminEmail, password: server.adminPassword }).toString()
    const answer = await signIn(form, {
      "content-type": "application/x-www-form-urlencoded",
      origin: "https://attacker.example",
      "sec-fetch-site": "cross-site",
    })
    expect(answer.status).toBe(415)
    expect(answer.headers["set-cookie"]).toBeUndefined()
  })

  it("a form body without Origin is refused too: the API reads JSON only", async () => {
    const form = new URLSearchParams({ email: server.adminEmail, password: server.adminPassword }).toString()
    const answer = await signIn(form, { "content-type": "application/x-www-form-urlencoded" })
    expect(answer.status).toBe(415)
    expect(json(answer.body).message).toContain("JSON")
    const text = await signIn(credentials(), { "content-type": "text/plain" })
    expect(text.status).toBe(415)
  })

  it("JSON from another origin, or marked cross-site by the browser, is a 403 with no session", async () => {
    for (const headers of [
      { origin: "https://attacker.example" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "null" },
    ]) {
      const answer = await signIn(credentials(), { "content-type": "application/json", ...headers })
      expect(answer.status).toBe(403)
      expect(json(answer.body).message).toContain("another site")
      expect(answer.headers["set-cookie"]).toBeUndefined()
    }
    const consume = await rawRequest(
      `${server.url}/api/auth/magic-link/consume`,
      JSON.stringify({ token: "x" }),
      {
        headers: { origin: "https://attacker.example" },
      },
    )
    expect(consume.status).toBe(403)
  })

  it("the console's own origin, and the CLI (no Origin), sign in", async () => {
    const host = new URL(server.url).host
    const console = await signIn(credentials(), {
      "content-type": "application/json",
      origin: server.url,
      "sec-fetch-site": "same-origin",
      host,
    })
    expect(console.status).toBe(200)
    expect(console.headers["set-cookie"]).toBeDefined()
  })
})

describe("response headers", () => {
  it("API answers are no-store and nosniff; the console's shell has a CSP with no inline script", async () => {
    const health = await fetch(`${server.url}/api/health`)
    expect(health.headers.get("cache-control")).toBe("no-store")
    expect(health.headers.get("x-content-type-options")).toBe("nosniff")
    const unknown = await fetch(`${server.url}/api/no-such-thing`)
    expect(unknown.headers.get("x-content-type-options")).toBe("nosniff")
    const shell = await fetch(`${server.url}/reports`)
    const csp = shell.headers.get("content-security-policy") ?? ""
    expect(csp).toContain("script-src 'self'")
    expect(csp.split("; ").find((d) => d.startsWith("script-src"))).toBe("script-src 'self'")
    expect(shell.headers.get("strict-transport-security")).toBeNull()
  })

  it("HSTS when PUBLIC_URL is https", async () => {
    const https = await startTestServer({
      config: { publicUrl: Option.some(new URL("https://folio.example")) },
    })
    try {
      const health = await fetch(`${https.url}/api/health`)
      expect(health.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains")
    } finally {
      await https.stop()
    }
  })
})

describe("stopping", () => {
  it("a server stops even while a client stalls a request: open connections get a grace period, then close", async () => {
    const own = await startTestServer()
    const stalled = openRequest(`${own.url}/api/session`, {
      headers: { "content-type": "application/json", "content-length": "1000" },
    })
    await stalled.write('{"email":')
    const health = await rawRequest(`${own.url}/api/health`, undefined, { method: "GET" })
    expect(health.status).toBe(200)
    await own.stop()
    await expect(stalled.answer).rejects.toThrow()
  })
})

describe("keep-alive", () => {
  it("a connection idle for longer than Node's 5 s default still carries the client's next request", async () => {
    const { Agent, get } = await import("node:http")
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const fetchHealth = () =>
      new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
        const request = get(`${server.url}/api/health`, { agent }, (response) => {
          response.resume()
          response.on("end", () => resolve({ status: response.statusCode ?? 0, socket: request.socket }))
        })
        request.on("error", reject)
      })
    try {
      const first = await fetchHealth()
      await new Promise((done) => setTimeout(done, 6_000))
      // With Node's default the server had closed it; a client sending just then met ECONNRESET.
      const second = await fetchHealth()
      expect(second.status).toBe(200)
      expect(second.socket).toBe(first.socket)
    } finally {
      agent.destroy()
    }
  }, 30_000)
})
