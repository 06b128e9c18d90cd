import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { clientAddressOf, parseTrustedProxies, trustedProxyList } from "../src/http/clientAddress.js"

/** Which address a request is from, behind trusted proxies (http/clientAddress.ts). */

const trusting = (...entries: Array<string>) => trustedProxyList(entries)

describe("FOLIO_TRUSTED_PROXIES", () => {
  it("takes addresses and networks, comma-separated, and nothing when empty", () => {
    expect(parseTrustedProxies(" 10.0.0.0/8, 127.0.0.1 ,fd00::/8,::1")).toEqual(
      Either.right(["10.0.0.0/8", "127.0.0.1", "fd00::/8", "::1"]),
    )
    expect(parseTrustedProxies("")).toEqual(Either.right([]))
  })

  it("names the entry that is not an address or network", () => {
    for (const bad of ["proxy.internal", "10.0.0.0/33", "10.0.0.0/8/1", "::1/129", "10.0.0/8"])
      expect(parseTrustedProxies(`127.0.0.1, ${bad}`)).toEqual(
        Either.left(`expected IP addresses or networks like 10.0.0.0/8, comma-separated, got "${bad}"`),
      )
  })
})

describe("the client's address", () => {
  const proxies = trusting("10.0.0.0/8", "::1")

  it("is the connection's when that is not a trusted proxy, whatever X-Forwarded-For says", () => {
    expect(clientAddressOf(proxies, "203.0.113.9", "198.51.100.1")).toBe("203.0.113.9")
    expect(clientAddressOf(trusting(), "127.0.0.1", "198.51.100.1")).toBe("127.0.0.1")
  })

  it("is the last address a trusted proxy saw, skipping proxies, never what the client wrote itself", () => {
    expect(clientAddressOf(proxies, "10.0.0.2", "198.51.100.1")).toBe("198.51.100.1")
    expect(clientAddressOf(proxies, "10.0.0.2", "1.2.3.4, 198.51.100.1, 10.0.0.5")).toBe("198.51.100.1")
    expect(clientAddressOf(proxies, "::1", "2001:db8::7")).toBe("2001:db8::7")
    expect(clientAddressOf(proxies, "::ffff:10.0.0.2", "198.51.100.1")).toBe("198.51.100.1")
  })

  it("is the connection's when a proxy sent no chain or a hop that is no address", () => {
    expect(clientAddressOf(proxies, "10.0.0.2", undefined)).toBe("10.0.0.2")
    expect(clientAddressOf(proxies, "10.0.0.2", "198.51.100.1, unknown")).toBe("10.0.0.2")
  })

  it("drops the port a proxy wrote after the address", () => {
    expect(clientAddressOf(proxies, "10.0.0.2", "203.0.113.9:51234")).toBe("203.0.113.9")
    expect(clientAddressOf(proxies, "10.0.0.2", "[2001:db8::1]:443, 10.0.0.5:80")).toBe("2001:db8::1")
    expect(clientAddressOf(proxies, "10.0.0.2", "[2001:db8::1]")).toBe("2001:db8::1")
    expect(clientAddressOf(proxies, "10.0.0.2", "203.0.113.9:port")).toBe("10.0.0.2")
  })

  it("is the first hop when every hop is a trusted proxy", () => {
    expect(clientAddressOf(proxies, "10.0.0.2", "10.0.0.9, 10.0.0.5")).toBe("10.0.0.9")
  })
})
