import { Either } from "effect"
import { isAlias, isMap, isNode, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml"
import { decodeConfigValue } from "../domain/config.js"
import { configKeyProblem, knownConfigKeys } from "../domain/configKeys.js"
import type { ImportIssue } from "./reportRecord.js"
import { type ScheduleFileFormat, scheduleFileFormatOf } from "./scheduleFile.js"

/**
 * The desired state of configuration keys that `folio config diff` and `folio config apply`
 * read, in YAML or JSON: one mapping of whole keys to values, `null` to delete a key (a known
 * key goes back to its default, a secret is unset). Keys it does not name are left alone.
 *
 *     maintenance.enabled: false
 *     maintenance.retryAfterSeconds: 600
 *     banner.message: "Scheduled maintenance on Saturday 06:00 UTC"
 *     features.beta: { reports: true, owners: [ada, grace] }   # a free key: any JSON
 *     legacy.flag: null                                          # delete it
 *
 * JSON is read by the YAML parser (JSON is YAML 1.2), so problems in either carry their line.
 * Every value is checked against its key's schema here (core's `decodeConfigValue`), so a value
 * the server would refuse is named by file:line before anything is sent. What YAML has and JSON
 * has not is refused rather than guessed at: aliases, tags, keys that are not text, numbers JSON
 * cannot hold exactly, a key written twice at any depth.
 */

export type ConfigFileFormat = ScheduleFileFormat
export const configFileFormats: ReadonlyArray<ConfigFileFormat> = ["yaml", "json"]

/** `.json` is JSON, `.yaml`/`.yml` YAML; anything else by its first character. */
export const configFileFormatOf = (name: string, text: string): ConfigFileFormat =>
  scheduleFileFormatOf(name, text)

/** A problem of a config file: `field` is the key (and the path below its value, if any). */
export interface ConfigFileIssue extends ImportIssue {
  /** The key it is about, when it is about one. */
  readonly key: string | null
  /** Where in that key's value, `[]` for the value itself. */
  readonly path: ReadonlyArray<string | number>
}

export interface ParsedConfigFile {
  readonly format: ConfigFileFormat
  /** The desired state, key → value (null: delete), in file order; empty when there are issues. */
  readonly entries: Readonly<Record<string, unknown>>
  /** The line each key is written on. */
  readonly lines: ReadonlyMap<string, number>
  /** Everything wrong, by line; a file with any issue should not be applied. */
  readonly issues: ReadonlyArray<ConfigFileIssue>
}

/** `my.key`, `my.key items.0.name`: a key and the path below its value, as messages show it. */
export const configFieldText = (key: string, path: ReadonlyArray<string | number>): string =>
  path.length === 0 ? key : `${key} ${path.join(".")}`

const nodeOf = (value: unknown): Node | null => (isNode(value) ? value : null)

/** The text of a scalar key as written, so `007:` stays "007" (YAML would read 7). */
const keyText = (node: Node | null): string | undefined => {
  if (node === null || !isScalar(node) || node.value === null) return undefined
  if (typeof node.value === "string") return node.value
  return typeof node.source === "string" && node.source !== "" ? node.source : String(node.value)
}

const kindOf = (node: Node | null): string =>
  node === null ? "nothing" : isMap(node) ? "a mapping" : isSeq(node) ? "a list" : "a value"

/** The known keys under `key.`, when `key` is a group of them written as a mapping by mistake. */
const knownUnder = (key: string): ReadonlyArray<string> =>
  knownConfigKeys.filter((entry) => entry.key.startsWith(`${key}.`)).map((entry) => entry.key)

/**
 * Parses a config file. Every problem is collected, each with the line of the node it is about;
 * `entries` is filled only when there is none.
 */
export const parseConfigFile = (
  file: string,
  text: string,
  format: ConfigFileFormat = configFileFormatOf(file, text),
): ParsedConfigFile => {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const lineCounter = new LineCounter()
  const lineOf = (node: Node | null | undefined): number => lineCounter.linePos(node?.range?.[0] ?? 0).line
  const issues: Array<ConfigFileIssue> = []
  const report = (
    line: number,
    key: string | null,
    path: ReadonlyArray<string | number>,
    message: string,
  ): void => {
    issues.push({
      file,
      line,
      field: key === null ? "(file)" : configFieldText(key, path),
      message,
      key,
      path,
    })
  }
  const lines = new Map<string, number>()
  const failed = (): ParsedConfigFile => ({
    format,
    entries: {},
    lines,
    issues: issues.sort((a, b) => a.line - b.line),
  })

  // Duplicate keys are found below, at every depth, with the line of the first.
  const doc = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: false })
  const syntax = doc.errors[0]
  if (syntax !== undefined) {
    report(
      lineCounter.linePos(syntax.pos[0]).line,
      null,
      [],
      `Not valid ${format === "json" ? "JSON" : "YAML"}: ${syntax.message}`,
    )
    return failed()
  }
  for (const warning of doc.warnings)
    report(lineCounter.linePos(warning.pos[0]).line, null, [], `${warning.message}; tags are not read`)
  if (issues.length > 0) return failed()

  const root = nodeOf(doc.contents)
  if (root === null || (isScalar(root) && root.value === null)) {
    report(1, null, [], "The file is empty: write one `key: value` per line ({} for none)")
    return failed()
  }
  if (!isMap(root)) {
    report(lineOf(root), null, [], `The file is ${kindOf(root)}; it must be a mapping of keys to values`)
    return failed()
  }

  /** A YAML node as the JSON value it stands for, reporting what JSON cannot hold. */
  const jsonOf = (node: Node | null, key: string, path: ReadonlyArray<string | number>): unknown => {
    const problem = (at: Node | null, message: string): undefined => {
      report(lineOf(at ?? node), key, path, message)
      return undefined
    }
    if (node === null) return null
    if (isAlias(node))
      return problem(node, `An alias (*${node.source}) is not read; write the value out in full`)
    if (isScalar(node)) {
      const value = node.value
      if (value === null || typeof value === "string" || typeof value === "boolean") return value
      if (typeof value === "number") {
        if (!Number.isFinite(value))
          return problem(node, `${node.source ?? value} is not a number JSON can hold`)
        if (Number.isInteger(value) && !Number.isSafeInteger(value))
          return problem(
            node,
            `${node.source ?? value} is too large to be held exactly; quote it if you mean text`,
          )
        return value
      }
      return problem(
        node,
        `${node.tag?.replace("tag:yaml.org,2002:", "!!") ?? "This value"} is not JSON; write a string, number, true, false or null`,
      )
    }
    if (isSeq(node)) return node.items.map((item, index) => jsonOf(nodeOf(item), key, [...path, index]))
    if (isMap(node)) {
      const object: Record<string, unknown> = {}
      const seen = new Map<string, number>()
      for (const pair of node.items) {
        const keyNode = nodeOf(pair.key)
        const name = keyText(keyNode)
        if (name === undefined) {
          problem(keyNode, `A field name is text, not ${kindOf(keyNode)}`)
          continue
        }
        const earlier = seen.get(name)
        if (earlier !== undefined) {
          problem(keyNode, `${JSON.stringify(name)} is already in this mapping, on line ${earlier}`)
          continue
        }
        seen.set(name, lineOf(keyNode))
        Object.defineProperty(object, name, {
          value: jsonOf(nodeOf(pair.value), key, [...path, name]),
          enumerable: true,
          writable: true,
          configurable: true,
        })
      }
      return object
    }
    return problem(node, "This value is not JSON")
  }

  /** The node at `path` below a value's node, for the line of a schema's issue. */
  const nodeAt = (node: Node | null, path: ReadonlyArray<string | number>): Node | null => {
    let at = node
    for (const part of path) {
      if (at === null) return null
      if (isSeq(at) && typeof part === "number") at = nodeOf(at.items[part])
      else if (isMap(at)) {
        const pair = at.items.find((item) => keyText(nodeOf(item.key)) === String(part))
        at = pair === undefined ? null : (nodeOf(pair.value) ?? nodeOf(pair.key))
      } else return at
    }
    return at
  }

  const entries: Record<string, unknown> = {}
  for (const pair of root.items) {
    const keyNode = nodeOf(pair.key)
    const line = lineOf(keyNode ?? root)
    const key = keyText(keyNode)
    if (key === undefined || key === "") {
      report(
        line,
        null,
        [],
        `A key is text such as maintenance.enabled, not ${key === "" ? "empty" : kindOf(keyNode)}`,
      )
      continue
    }
    const earlier = lines.get(key)
    if (earlier !== undefined) {
      report(line, key, [], `${key} is already in this file, on line ${earlier}`)
      continue
    }
    lines.set(key, line)
    const keyIssue = configKeyProblem(key)
    if (keyIssue !== undefined) {
      report(line, key, [], keyIssue)
      continue
    }
    const valueNode = nodeOf(pair.value)
    const meant = knownConfigKeys.find((entry) => entry.key !== key && entry.key.toLowerCase() === key)
    if (meant !== undefined) {
      // A free key may not hold capitals, so this is the known key misspelt, not a key of its own.
      report(line, key, [], `${key} is not a known key; did you mean ${meant.key}?`)
      continue
    }
    const group = knownUnder(key)
    if (group.length > 0) {
      // `maintenance: { enabled: true }` would be a free key named "maintenance", not the setting.
      report(
        line,
        key,
        [],
        `${key} is not a key: keys are written whole, one per line, such as ${group[0]}: ${JSON.stringify(
          knownConfigKeys.find((entry) => entry.key === group[0])?.default ?? null,
        )}`,
      )
      continue
    }
    const before = issues.length
    const value = jsonOf(valueNode, key, [])
    if (issues.length > before) continue
    if (value !== null) {
      const decoded = decodeConfigValue(key, value)
      if (Either.isLeft(decoded)) {
        const { path, message } = decoded.left
        report(lineOf(nodeAt(valueNode, path) ?? valueNode ?? keyNode), key, path, message)
        continue
      }
    }
    Object.defineProperty(entries, key, { value, enumerable: true, writable: true, configurable: true })
  }
  if (issues.length > 0) return failed()
  return { format, entries, lines, issues: [] }
}
