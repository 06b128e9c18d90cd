import { describe, expect, it } from "vitest"
import { errorEventOf } from "../src/errorReports/errorEvent.js"
import { normaliseFilename, normaliseMessage } from "../src/errorReports/fingerprint.js"
import { browserFromUserAgent, osFromUserAgent } from "../src/errorReports/userAgent.js"
import { errorEvent } from "./support/envelopes.js"

describe("the fingerprint's message", () => {
  it("replaces what varies between occurrences", () => {
    expect(normaliseMessage(`Report "Q3 outlook" failed after 1500 ms`)).toBe(
      "Report <str> failed after <n> ms",
    )
    expect(normaliseMessage("No report 6f1c2a9e-8b7d-4c3e-9f0a-1b2c3d4e5f60 for user 42")).toBe(
      "No report <uuid> for user <n>",
    )
    expect(normaliseMessage("Chunk 3fa9c0b17e2d failed to load")).toBe("Chunk <hex> failed to load")
    // Words of hex letters alone are words, not ids.
    expect(normaliseMessage("deadbeef  is\nfine")).toBe("deadbeef is fine")
  })
})

describe("the fingerprint's file", () => {
  it("drops the origin, the query and Vite's content hash", () => {
    expect(normaliseFilename("https://folio.example/assets/report-Qw8Lk2Pz.js?v=1")).toBe("/assets/report.js")
    expect(normaliseFilename("http://127.0.0.1:3000/assets/index-B2x_9k-m.js")).toBe("/assets/index.js")
    expect(normaliseFilename("/assets/my-component-library.js")).toBe("/assets/my-component-library.js")
  })

  it("groups two deployments of the same code together, and tells other code apart", () => {
    const fingerprint = (event: unknown) => errorEventOf(event, undefined, "id")?.fingerprint
    const before = errorEvent({ message: "Report 17 failed" })
    // The next build: every chunk has a new hash; the message has another number.
    const after: unknown = JSON.parse(
      JSON.stringify(errorEvent({ message: "Report 18 failed" })).replace(/-\w{8}\.js/g, "-Zz9Yy8Xx.js"),
    )
    expect(fingerprint(after)).toBe(fingerprint(before))
    expect(fingerprint(errorEvent({ message: "Report 17 failed", functionName: "Other" }))).not.toBe(
      fingerprint(before),
    )
  })
})

describe("User-Agent fallbacks", () => {
  it("name the browser and OS families the console supports", () => {
    const ua = (s: string) => [browserFromUserAgent(s), osFromUserAgent(s)]
    expect(
      ua(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.56",
      ),
    ).toEqual(["Edge 126", "Windows 10.0"])
    expect(
      ua(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
      ),
    ).toEqual(["Safari 17", "macOS 14.5"])
    expect(ua("Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0")).toEqual([
      "Firefox 127",
      "Linux",
    ])
    expect(
      ua(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toEqual(["Safari 17", "iOS 17"])
    expect(ua("curl/8.5.0")).toEqual(["curl 8", null])
  })
})
