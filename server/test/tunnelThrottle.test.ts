import { randomBytes } from "node:crypto"
import { ErrorIssuePage, localSentryDsn, parseSentryDsn } from "@folio/core"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeTunnelThrottle } from "../src/tunnel/throttle.js"
import { apiCall, cliSignIn, decodeBody } from "./support/directory.js"
import { errorEvent, eventEnvelope, post, tunnelUrl } from "./support/envelopes.js"
import { startTestServer, type TestServer } from "./support/server.js"

describe("the tunnel's throttle", () => {
  it("lets perMinute requests of an address through per minute, then says how long to wait", () => {
    let now = 1_000_000
    const throttle = makeTunnelThrottle(2, () => now)
    expect(throttle("198.51.100.1")).toEqual({ allowed: true })
    now += 10_000
    expect(throttle("198.51.100.1")).toEqual({ allowed: true })
    now += 5_000
    expect(throttle("198.51.100.1")).toEqual({ allowed: false, retryAfterSeconds: 45, firstRefusal: true })
    now += 44_500
    expect(throttle("198.51.100.1")).toEqual({ allowed: false, retryAfterSeconds: 1, firstRefusal: false })
    // Another address has its own window.
    expect(throttle("198.51.100.2")).toEqual({ allowed: true })
    // The window ends a minute after its first request.
    now += 500
    expect(throttle("198.51.100.1")).toEqual({ allowed: true })
  })
})

describe("a tunnel over its rate limit", () => {
  let server: TestServer
  let admin: string
  const localDsn = parseSentryDsn(localSentryDsn)!

  beforeAll(async () => {
    // The test's requests come from 127.0.0.1, trusted as a proxy, so X-Forwarded-For names each client.
    server = await startTestServer({ config: { tunnelRateLimit: 3, trustedProxies: ["127.0.0.1"] } })
    admin = await cliSignIn(server, server.adminEmail, server.adminPassword)
  })
  afterAll(() => server.stop())

  const report = (client: string, message: string) =>
    post(tunnelUrl(server.url, localDsn), eventEnvelope(localSentryDsn, errorEvent({ message })), {
      "x-forwarded-for": client,
    })

  const filed = async (message: string) => {
    const response = await apiCall(
      server,
      admin,
      "GET",
      `/error-reports/issues?q=${encodeURIComponent(message)}`,
    )
    return (await decodeBody(ErrorIssuePage, response)).items.length
  }

  it("answers 429 with Retry-After, files nothing more, and leaves other clients alone", async () => {
    const tag = randomBytes(4).toString("hex")
    for (const n of [1, 2, 3]) {
      const response = await report("203.0.113.7", `Throttled ${tag} ${n}`)
      expect(response.status).toBe(200)
    }
    const refused = await report("203.0.113.7", `Refused ${tag}`)
    expect(refused.status).toBe(429)
    const wait = Number(refused.headers.get("retry-after"))
    expect(wait).toBeGreaterThanOrEqual(1)
    expect(wait).toBeLessThanOrEqual(60)
    expect(refused.headers.get("cache-control")).toBe("no-store")
    const body = Schema.decodeUnknownSync(Schema.Struct({ _tag: Schema.String, message: Schema.String }))(
      await refused.json(),
    )
    expect(body._tag).toBe("RateLimited")
    expect(body.message).toMatch(
      /^Too many error reports from this address \(at most 3 a minute\)\. Try again in \d+ seconds?\.$/,
    )
    expect(await filed(`Refused ${tag}`)).toBe(0)
    expect(await filed(`Throttled ${tag} 3`)).toBe(1)

    const other = await report("203.0.113.8", `Other client ${tag}`)
    expect(other.status).toBe(200)
    expect(await filed(`Other client ${tag}`)).toBe(1)
  })
})
