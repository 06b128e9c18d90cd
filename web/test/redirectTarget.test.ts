import { describe, expect, it } from "vitest"
import { safeRedirectTarget } from "../src/auth/redirectTarget"

const origin = "https://folio.example"
const target = (value: unknown) => safeRedirectTarget(value, origin)

describe("safeRedirectTarget", () => {
  it("keeps a same-origin path with its query and hash", () => {
    expect(target("/reports?status=draft#top")).toBe("/reports?status=draft#top")
  })

  it.each([
    ["a protocol-relative URL", "//evil.example/x"],
    ["a backslash that browsers read as another host", "/\\evil.example"],
    ["an absolute URL", "https://evil.example/"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a relative path", "dashboard"],
    ["a control character", "/dash\nboard"],
    ["a non-string", 42],
    ["the sign-in page itself", "/login?redirect=/x"],
    ["the sign-out page", "/sign-out"],
  ])("rejects %s", (_, value) => {
    expect(target(value)).toBeUndefined()
  })

  it("normalises dot segments instead of trusting them", () => {
    expect(target("/a/../dashboard")).toBe("/dashboard")
  })
})
