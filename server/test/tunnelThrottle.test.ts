import { randomBytes } from "node:crypto"
import { ErrorIssuePage, localSentryDsn, parseSentryDsn } from "@folio/core"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeTunnelThrottle, throttleKeyOf } from "../src/tunnel/throttle.js"
import { apiCall, cliSignIn, decodeBody } from "./support/directory.js"
import { errorEvent, eventEnvelope, post, tunnelUrl } from "./support/envelopes.js"
import { startTestServer, type TestServer } from "./support/server.js"

describe("the tunnel's throttle", () => {
  it("lets perMinute requests of an address through per clock minute, then says how long to wait", () => {
    let now = 1_200_000 // a minute's start
    const throttle = makeTunnelThrottle({ perMinute: 2, now: () => now })
    expect(throttle("198.51.100.1")).toEqual({ allowed: true })
    now += 10_000
    expect(throttle("198.51.100.1")).toEqual({ allowed: true })
    now += 5_000
    expect(throttle("198.51.100.1")).toEqual({ allowed: false, retryAfterSeconds: 45, firstRefusal: true })
    now += 44_500
    expect(throttle("198.51.100.1")).toEqual({ allowed: false, retryAfterSeconds: 1, firstRefusal: false })
    // Another address has its own count.
    expect(throttle("198.51.100.2")).toEqual({ allowed: true })
    // The next minute counts afresh.
    now += 500
    expect(throttle("198.51.100.1")).toEqual({ allowed: true })
  })

  it("counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 one", () => {
    expect(throttleKeyOf("2001:db8:1:2::a")).toBe("2001:db8:1:2::/64")
    expect(throttleKeyOf("2001:0db8:0001:0002:ffff:0:0:b")).toBe("2001:db8:1:2::/64")
    expect(throttleKeyOf("2001:db8::1")).toBe("2001:db8:0:0::/64")
    expect(throttleKeyOf("::1")).toBe("0:0:0:0::/64")
    expect(throttleKeyOf("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64")
    expect(throttleKeyOf("::ffff:203.0.113.7")).toBe("203.0.113.7")
    expect(throttleKeyOf("203.0.113.7")).toBe("203.0.113.7")

    const throttle = makeTunnelThrottle({ perMinute: 1, now: () => 0 })
    expect(throttle("2001:db8:1:2::a").allowed).toBe(true)
    expect(throttle("2001:db8:1:2::ffff:b").allowed).toBe(false)
    expect(throttle("2001:db8:1:3::a").allowed).toBe(true)
  })

  it("holds at most maxAddresses counts a minute; newcomers beyond share one", () => {
    let now = 0
    const throttle = makeTunnelThrottle({ perMinute: 2, maxAddresses: 3, now: () => now })
    for (const address of ["10.0.0.1", "10.0.0.2", "10.0.0.3"]) expect(throttle(address).allowed).toBe(true)
    expect(throttle("10.0.0.4").allowed).toBe(true)
    expect(throttle("10.0.0.5").allowed).toBe(true)
    expect(throttle("10.0.0.6").allowed).toBe(false)
    // Those counted already keep their own count.
    expect(throttle("10.0.0.1").allowed).toBe(true)
    now += 60_000
    expect(throttle("10.0.0.6").allowed).toBe(true)
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
    expect(refused.headers.get("connection")).toBe("close")
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
