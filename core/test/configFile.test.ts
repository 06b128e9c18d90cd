import { describe, expect, it } from "vitest"
import { configFileFormatOf, parseConfigFile } from "../src/import/configFile.js"

const problems = (text: string, name = "config.yaml") =>
  parseConfigFile(name, text).issues.map((issue) => `${issue.line}: ${issue.field}: ${issue.message}`)

describe("config files", () => {
  it("reads a YAML mapping of whole keys to values, null deleting, with each key's line", () => {
    const parsed = parseConfigFile(
      "config.yaml",
      [
        "# the production settings",
        "maintenance.enabled: false",
        "maintenance.retryAfterSeconds: 600",
        'banner.message: "Maintenance on Saturday 06:00 UTC"',
        "features.beta:",
        "  reports: true",
        "  owners: [ada, grace]",
        "legacy.flag: null",
        "old.thing:",
        "",
      ].join("\n"),
    )
    expect(parsed.issues).toEqual([])
    expect(parsed.format).toBe("yaml")
    expect(parsed.entries).toEqual({
      "maintenance.enabled": false,
      "maintenance.retryAfterSeconds": 600,
      "banner.message": "Maintenance on Saturday 06:00 UTC",
      "features.beta": { reports: true, owners: ["ada", "grace"] },
      "legacy.flag": null,
      "old.thing": null,
    })
    expect(Object.keys(parsed.entries)).toEqual([
      "maintenance.enabled",
      "maintenance.retryAfterSeconds",
      "banner.message",
      "features.beta",
      "legacy.flag",
      "old.thing",
    ])
    expect(parsed.lines.get("maintenance.enabled")).toBe(2)
    expect(parsed.lines.get("features.beta")).toBe(5)
    expect(parsed.lines.get("old.thing")).toBe(9)
  })

  it("reads JSON with the YAML parser, so its problems have lines too", () => {
    const text = '{\n  "maintenance.enabled": true,\n  "x.y": {"a": [1, 2.5, null]}\n}\n'
    expect(configFileFormatOf("c.json", text)).toBe("json")
    expect(configFileFormatOf("c", text)).toBe("json")
    expect(configFileFormatOf("c", "a: 1")).toBe("yaml")
    const parsed = parseConfigFile("c.json", text)
    expect(parsed.issues).toEqual([])
    expect(parsed.entries).toEqual({ "maintenance.enabled": true, "x.y": { a: [1, 2.5, null] } })
    expect(problems('{\n  "a": 1,\n  "b": [2\n}\n', "c.json")).toEqual([
      expect.stringMatching(/^4: \(file\): Not valid JSON: /),
    ])
  })

  it("refuses a value its key's schema refuses, at the line of the value, with the schema's words", () => {
    expect(
      problems(
        [
          "maintenance.enabled: yes",
          "maintenance.retryAfterSeconds: 0",
          "auth.magicLink.ttlMinutes: 2.5",
          "banner.message: |",
          "  two",
          "  lines",
          "ai.openai.apiKey: ''",
          "free.key:",
          "  list:",
          "    - ok",
          '    - "nul \\0 here"',
        ].join("\n"),
      ),
    ).toEqual([
      "1: maintenance.enabled: Expected true or false",
      "2: maintenance.retryAfterSeconds: Retry-After is between 1 and 86400",
      "3: auth.magicLink.ttlMinutes: A sign-in link's lifetime is a whole number",
      "4: banner.message: The banner must not contain control characters (line breaks, tabs, escapes)",
      "7: ai.openai.apiKey: An API key is not empty",
      "11: free.key list.1: must not contain NUL characters or unpaired surrogates",
    ])
    const issue = parseConfigFile("c.yaml", 'free.key:\n  list:\n    - ok\n    - "\\0"\n').issues[0]
    expect(issue).toMatchObject({ key: "free.key", path: ["list", 1], line: 4 })
  })

  it("never echoes a secret's value in a problem", () => {
    const secret = "sk-live-\u0007bell"
    const issues = parseConfigFile("c.yaml", `ai.openai.apiKey: ${JSON.stringify(secret)}\n`).issues
    expect(issues).toHaveLength(1)
    expect(JSON.stringify(issues)).not.toContain("sk-live")
  })

  it("refuses bad keys, a key written twice, misspelt and nested known keys", () => {
    expect(
      problems(
        [
          "Maintenance.Enabled: true",
          "maintenance.enabled: true",
          "maintenance.enabled: false",
          "maintenance.retryafterseconds: 5",
          "maintenance:",
          "  enabled: true",
          "-bad: 1",
          "? [a, b]",
          ": 1",
        ].join("\n"),
      ),
    ).toEqual([
      "1: Maintenance.Enabled: A key is a known key or 1–120 lower case letters, digits, dots, underscores and dashes, starting with a letter or digit",
      "3: maintenance.enabled: maintenance.enabled is already in this file, on line 2",
      "4: maintenance.retryafterseconds: maintenance.retryafterseconds is not a known key; did you mean maintenance.retryAfterSeconds?",
      "5: maintenance: maintenance is not a key: keys are written whole, one per line, such as maintenance.enabled: false",
      "7: -bad: A key is a known key or 1–120 lower case letters, digits, dots, underscores and dashes, starting with a letter or digit",
      "8: (file): A key is text such as maintenance.enabled, not a list",
    ])
  })

  it("refuses what YAML has and JSON has not: aliases, tags, infinities, inexact integers, duplicate fields", () => {
    expect(
      problems(
        [
          "a.one: &shared { x: 1 }",
          "a.two: *shared",
          "a.three: !!binary aGVsbG8=",
          "a.four: .inf",
          "a.five: 12345678901234567890",
          "a.six:",
          "  x: 1",
          "  x: 2",
        ].join("\n"),
      ),
    ).toEqual([
      "2: a.two: An alias (*shared) is not read; write the value out in full",
      "3: a.three: !!binary is not JSON; write a string, number, true, false or null",
      "4: a.four: .inf is not a number JSON can hold",
      "5: a.five: 12345678901234567890 is too large to be held exactly; quote it if you mean text",
      '8: a.six: "x" is already in this mapping, on line 7',
    ])
    expect(problems("a.seven: !custom 3\n")).toEqual([
      "1: (file): Unresolved tag: !custom; tags are not read",
    ])
  })

  it("refuses a file that is not a mapping, an empty one, two documents and bad syntax", () => {
    expect(problems("")).toEqual([
      "1: (file): The file is empty: write one `key: value` per line ({} for none)",
    ])
    expect(problems("# nothing\n")).toEqual([
      "1: (file): The file is empty: write one `key: value` per line ({} for none)",
    ])
    expect(parseConfigFile("c.yaml", "{}\n")).toMatchObject({ entries: {}, issues: [] })
    expect(problems("- a\n- b\n")).toEqual([
      "1: (file): The file is a list; it must be a mapping of keys to values",
    ])
    expect(problems("a: 1\n---\nb: 2\n")).toEqual([
      expect.stringMatching(/^\d: \(file\): Not valid YAML: .*multiple documents/),
    ])
    expect(problems("a: [1, 2\nb: 3\n")).toEqual([expect.stringMatching(/^\d: \(file\): Not valid YAML: /)])
  })

  it("keeps a key written as a number as it is written, and a value in a byte-order-marked file", () => {
    const parsed = parseConfigFile("c.yaml", "\uFEFF007: true\nx.y: 010\n")
    expect(parsed.issues).toEqual([])
    expect(parsed.entries).toEqual({ "007": true, "x.y": 10 })
    expect(parsed.lines.get("007")).toBe(1)
  })

  it("keeps field names like __proto__ as plain data", () => {
    const parsed = parseConfigFile("c.json", '{"x.y": {"__proto__": {"polluted": true}}}')
    expect(parsed.issues).toEqual([])
    const value = parsed.entries["x.y"]
    expect(JSON.stringify(value)).toBe('{"__proto__":{"polluted":true}}')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
