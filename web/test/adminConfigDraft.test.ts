import type { ConfigEntry, ConfigSnapshot } from "@folio/core"
import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { diffSnapshots } from "../src/routes/_app/-components/adminConfig/diff"
import {
  editProblems,
  newKeyProblem,
  operationOf,
  operationsOf,
  serverProblems,
  withEdit,
} from "../src/routes/_app/-components/adminConfig/draft"

const entry = (key: string, value: unknown, extra: Partial<ConfigEntry> = {}): ConfigEntry => ({
  key,
  value,
  secret: false,
  set: true,
  known: !key.startsWith("x."),
  updatedAt: null,
  updatedBy: null,
  ...extra,
})

const snapshot = (version: number, entries: ReadonlyArray<ConfigEntry>): ConfigSnapshot => ({
  version,
  digest: `d${version}`,
  createdAt: new Date(0),
  entries,
})

describe("the admin config draft", () => {
  it("refuses a number outside a known key's bounds with the schema's words", () => {
    const op = operationOf("maintenance.retryAfterSeconds", { kind: "value", value: 0 })
    expect(op).toEqual(Either.left("Retry-After is between 1 and 86400"))
    expect(operationOf("maintenance.retryAfterSeconds", { kind: "notANumber" })).toEqual(
      Either.left("Enter a whole number"),
    )
  })

  it("makes a known key's edit an upsert, a free key's a create or update, a removal a delete", () => {
    expect(operationOf("banner.message", { kind: "value", value: "Hello" })).toEqual(
      Either.right({ operation: "upsert", key: "banner.message", value: "Hello" }),
    )
    expect(operationOf("x.flags", { kind: "json", text: '{"a":[1,2]}', create: true })).toEqual(
      Either.right({ operation: "create", key: "x.flags", value: { a: [1, 2] } }),
    )
    expect(operationOf("x.flags", { kind: "json", text: "3", create: false })).toEqual(
      Either.right({ operation: "update", key: "x.flags", value: 3 }),
    )
    expect(operationOf("x.flags", { kind: "delete" })).toEqual(
      Either.right({ operation: "delete", key: "x.flags" }),
    )
  })

  it("names the JSON problem of a free key's text", () => {
    const problems = editProblems({
      "x.bad": { kind: "json", text: "{nope", create: true },
      "x.empty": { kind: "json", text: "  ", create: true },
      "x.ok": { kind: "json", text: "[]", create: true },
    })
    expect(problems["x.bad"]).toMatch(/^Not valid JSON: /)
    expect(problems["x.empty"]).toMatch(/^Enter a JSON value/)
    expect(problems["x.ok"]).toBeUndefined()
    expect(operationsOf({ "x.bad": { kind: "json", text: "{nope", create: true } })).toBeUndefined()
  })

  it("refuses a new key that is Folio's own, exists, or breaks the name rule", () => {
    const exists = (key: string) => key === "x.taken"
    expect(newKeyProblem("banner.message", exists)).toMatch(/one of Folio's own keys/)
    expect(newKeyProblem("x.taken", exists)).toMatch(/exists already/)
    expect(newKeyProblem("Bad Key", exists)).toMatch(/lower case letters/)
    expect(newKeyProblem("x.new", exists)).toBeUndefined()
  })

  it("drops an edit that brings a key back to what the store holds", () => {
    const stored = entry("banner.message", "Hi")
    const edited = withEdit({}, "banner.message", { kind: "value", value: "Hello" }, stored)
    expect(Object.keys(edited)).toEqual(["banner.message"])
    expect(withEdit(edited, "banner.message", { kind: "value", value: "Hi" }, stored)).toEqual({})
    const free = entry("x.flags", { b: 1, a: 2 })
    expect(
      withEdit({}, "x.flags", { kind: "json", text: '{ "a": 2, "b": 1 }', create: false }, free),
    ).toEqual({})
  })

  it("sends operations in key order and places the server's issues beside their keys", () => {
    const operations = operationsOf({
      "maintenance.message": { kind: "value", value: "Back soon" },
      "banner.message": { kind: "value", value: "Hi" },
    })
    expect(operations?.map((op) => op.key)).toEqual(["banner.message", "maintenance.message"])
    const placed = serverProblems(
      [
        { path: ["operations", 1, "value"], message: "maintenance.message: Too long" },
        { path: ["operations", 0, "value", "a", 0], message: "banner.message: Bad text" },
        { path: ["comment"], message: "A comment is at most 500 characters" },
      ],
      operations ?? [],
    )
    expect(placed.byKey).toEqual({ "maintenance.message": "Too long", "banner.message": "Bad text (at a.0)" })
    expect(placed.form).toEqual(["A comment is at most 500 characters"])
  })
})

describe("diffSnapshots", () => {
  it("lists added, removed and changed keys, and a secret only by whether it is set", () => {
    const older = snapshot(1, [
      entry("banner.message", ""),
      entry("x.gone", 1),
      entry("ai.openai.apiKey", undefined, { secret: true, set: false }),
      entry("maintenance.enabled", false),
    ])
    const newer = snapshot(2, [
      entry("banner.message", "Hello"),
      entry("x.new", { a: 1 }),
      entry("ai.openai.apiKey", undefined, { secret: true, set: true }),
      entry("maintenance.enabled", false),
    ])
    expect(diffSnapshots(older, newer)).toEqual([
      { key: "ai.openai.apiKey", change: "changed", secret: true, before: "not set", after: "set" },
      { key: "banner.message", change: "changed", secret: false, before: '""', after: '"Hello"' },
      { key: "x.gone", change: "removed", secret: false, before: "1", after: "—" },
      { key: "x.new", change: "added", secret: false, before: "—", after: '{"a":1}' },
    ])
    expect(diffSnapshots(newer, newer)).toEqual([])
  })
})
