import { ConfigMissing, MaintenanceMode, NotFound } from "@folio/core"
import { describe, expect, it } from "vitest"
import { describeError } from "../src/errors/describeError"
import { gatePathOf, validateGateSearch } from "../src/routing/siteGate"

describe("the site gate", () => {
  it("sends maintenance and missing configuration to their screens, and nothing else", () => {
    expect(gatePathOf(new MaintenanceMode({ message: "Back soon", retryAfterSeconds: 60 }))).toBe(
      "/maintenance",
    )
    expect(gatePathOf(new ConfigMissing({ message: "m", reason: "r", fix: "f" }))).toBe(
      "/missing-edge-config",
    )
    expect(gatePathOf(new NotFound({ message: "No such report" }))).toBeUndefined()
    expect(gatePathOf(new Error("x"))).toBeUndefined()
  })

  it("keeps a way back only to a page of this console that is not a gate screen", () => {
    const origin = "https://folio.example"
    expect(validateGateSearch({ from: "/reports?q=x" }, origin)).toEqual({ from: "/reports?q=x" })
    expect(validateGateSearch({ from: "//evil.example/" }, origin)).toEqual({ from: undefined })
    expect(validateGateSearch({ from: "/maintenance?from=/x" }, origin)).toEqual({ from: undefined })
    expect(validateGateSearch({ from: "/missing-edge-config" }, origin)).toEqual({ from: undefined })
    expect(validateGateSearch({}, origin)).toEqual({ from: undefined })
  })

  it("shows the server's words for maintenance and missing configuration", () => {
    const host = "folio.example"
    expect(
      describeError(new MaintenanceMode({ message: "Back soon", retryAfterSeconds: 60 }), host),
    ).toMatchObject({
      kind: "answered",
      text: "Back soon",
    })
    expect(
      describeError(new ConfigMissing({ message: "No table", reason: "No table", fix: "f" }), host).text,
    ).toBe("No table")
  })
})
