import { Either, ParseResult, Schema } from "effect"
import { isMap, isNode, isScalar, isSeq, LineCounter, type Node, parseDocument, stringify } from "yaml"
import { ScheduleEntry } from "../domain/release.js"
import { formatReleaseTime, parseReleaseTime, releaseTimeExamples } from "../schema/releaseTime.js"
import type { ImportIssue } from "./reportRecord.js"

/**
 * The declarative release schedule that `folio schedule export` writes and `folio schedule apply`
 * reads, in YAML or JSON:
 *
 *     releases:
 *       - report: rt-apple-1                      # an externalId, or a report id
 *         releaseAt: 2026-12-01T09:00:00Z         # a time with its zone; null unschedules
 *         channels: [clients-email, ops-webhook]  # optional; left alone when absent
 *
 * A top-level list of entries is read too. JSON is read by the YAML parser (JSON is YAML 1.2), so
 * problems in either carry their line; a trailing comma or a comment in JSON is forgiven. A time must say its zone: an ISO 8601 offset (`Z`,
 * `+01:00`) or an IANA zone name after the local time (`2026-12-01 09:00 Europe/London`), which
 * is converted to UTC here with Intl, so it behaves the same in the console and the CLI.
 */

export type ScheduleFileFormat = "yaml" | "json"
export const scheduleFileFormats: ReadonlyArray<ScheduleFileFormat> = ["yaml", "json"]

/** `.json` is JSON, `.yaml`/`.yml` YAML; anything else by its first character. */
export const scheduleFileFormatOf = (name: string, text: string): ScheduleFileFormat => {
  const lower = name.toLowerCase()
  if (lower.endsWith(".json")) return "json"
  if (lower.endsWith(".yaml") || lower.endsWith(".yml")) return "yaml"
  return /^\uFEFF?\s*[[{]/.test(text) ? "json" : "yaml"
}

export interface ParsedScheduleFile {
  readonly format: ScheduleFileFormat
  /** The entries that are valid, in file order. */
  readonly entries: ReadonlyArray<ScheduleEntry>
  /** The line each of `entries` starts on. */
  readonly lines: ReadonlyArray<number>
  /** Everything wrong, by file:line; a file with any issue should not be applied. */
  readonly issues: ReadonlyArray<ImportIssue>
}

const entryFields = ["report", "releaseAt", "channels"] as const
const knownEntryFields = new Set<string>(entryFields)

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

const decodeEntry = Schema.decodeUnknownEither(ScheduleEntry, { errors: "all" })

const nodeOf = (value: unknown): Node | null => (isNode(value) ? value : null)

const isNull = (node: Node | null | undefined): boolean =>
  node === null || node === undefined || (isScalar(node) && node.value === null)

/** The text of a scalar as written, so `report: 007` stays "007" (YAML would read 7). */
const scalarText = (node: Node | null): string | undefined => {
  if (node === null || !isScalar(node) || node.value === null) return undefined
  if (typeof node.value === "string") return node.value
  return typeof node.source === "string" && node.source !== "" ? node.source : String(node.value)
}

const kindOf = (node: Node | null): string =>
  node === null ? "nothing" : isMap(node) ? "a mapping" : isSeq(node) ? "a list" : "a value"

/**
 * Parses a schedule file. Every problem is collected, not just the first, each with the line of
 * the value it is about; an entry with a problem is left out of `entries`.
 */
export const parseScheduleFile = (
  file: string,
  text: string,
  format: ScheduleFileFormat = scheduleFileFormatOf(file, text),
): ParsedScheduleFile => {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const lineCounter = new LineCounter()
  const lineOf = (node: Node | null | undefined): number => lineCounter.linePos(node?.range?.[0] ?? 0).line
  const issues: Array<ImportIssue> = []
  const report = (line: number, field: string, message: string): void => {
    issues.push({ file, line, field, message })
  }
  const failed = (): ParsedScheduleFile => ({ format, entries: [], lines: [], issues })

  const doc = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: true })
  const syntax = doc.errors[0]
  if (syntax !== undefined) {
    report(
      lineCounter.linePos(syntax.pos[0]).line,
      "(file)",
      `Not valid ${format === "json" ? "JSON" : "YAML"}: ${syntax.message}`,
    )
    return failed()
  }

  const root = nodeOf(doc.contents)
  let list: Node | null = null
  if (root === null || isNull(root)) {
    report(
      1,
      "(file)",
      "The file is empty: write `releases:` with a list of entries (`releases: []` for none)",
    )
    return failed()
  }
  if (isSeq(root)) list = root
  else if (isMap(root)) {
    let found = false
    for (const pair of root.items) {
      const key = nodeOf(pair.key)
      if (scalarText(key) === "releases") {
        found = true
        list = nodeOf(pair.value)
      } else
        report(
          lineOf(key),
          "(file)",
          `Unknown key ${JSON.stringify(scalarText(key) ?? "")}: a schedule file holds only \`releases:\``,
        )
    }
    if (!found) report(lineOf(root), "(file)", "Expected `releases:` with a list of entries")
    if (issues.length > 0) return failed()
  } else {
    report(lineOf(root), "(file)", "Expected `releases:` with a list of entries, or a list of entries")
    return failed()
  }
  if (list !== null && !isNull(list) && !isSeq(list)) {
    report(lineOf(list), "releases", `releases is ${kindOf(list)}; it must be a list of entries`)
    return failed()
  }

  const entries: Array<ScheduleEntry> = []
  const lines: Array<number> = []
  const seen = new Map<string, number>()
  for (const item of list !== null && isSeq(list) ? list.items : []) {
    const node = nodeOf(item)
    const line = lineOf(node)
    if (node === null || !isMap(node)) {
      report(line, "(entry)", `An entry is a mapping of report, releaseAt and channels, not ${kindOf(node)}`)
      continue
    }
    const before = issues.length
    const values = new Map<string, Node | null>()
    for (const pair of node.items) {
      const key = scalarText(nodeOf(pair.key)) ?? ""
      if (knownEntryFields.has(key)) values.set(key, nodeOf(pair.value))
      else
        report(
          lineOf(nodeOf(pair.key)),
          key === "" ? "(entry)" : key,
          `Unknown field ${JSON.stringify(key)}; the fields are ${entryFields.join(", ")}`,
        )
    }
    const lineAt = (field: string): number => {
      const value = values.get(field)
      return value === undefined || value === null ? line : lineOf(value)
    }

    const reportNode = values.get("report") ?? null
    const reference = scalarText(reportNode)?.trim()
    if (isNull(reportNode)) report(line, "report", "report is required: the report's externalId or id")
    else if (reference === undefined)
      report(
        lineAt("report"),
        "report",
        `report is ${kindOf(reportNode)}; write the report's externalId or id`,
      )
    else if (reference === "")
      report(lineAt("report"), "report", "report is empty; write the report's externalId or id")
    else if (reference.length > 200) report(lineAt("report"), "report", "report is at most 200 characters")
    else {
      // Named twice: whichever entry the server took, the other would be lost.
      const earlier = seen.get(reference)
      if (earlier === undefined) seen.set(reference, line)
      else
        report(
          lineAt("report"),
          "report",
          `${JSON.stringify(reference)} is already in this file, on line ${earlier}`,
        )
    }

    let releaseAt: Date | null | undefined
    if (!values.has("releaseAt"))
      report(line, "releaseAt", "releaseAt is required: a time with its zone, or null to unschedule")
    else {
      const timeNode = values.get("releaseAt") ?? null
      const written = scalarText(timeNode)
      if (isNull(timeNode)) releaseAt = null
      else if (written === undefined)
        report(
          lineAt("releaseAt"),
          "releaseAt",
          `releaseAt is ${kindOf(timeNode)}; write a time such as ${releaseTimeExamples()}`,
        )
      else {
        const parsed = parseReleaseTime(written)
        if (Either.isLeft(parsed)) report(lineAt("releaseAt"), "releaseAt", parsed.left)
        else releaseAt = parsed.right
      }
    }

    let channels: Array<string> | undefined
    if (values.has("channels")) {
      const channelsNode = values.get("channels") ?? null
      if (isNull(channelsNode)) channels = []
      else if (channelsNode === null || !isSeq(channelsNode))
        report(
          lineAt("channels"),
          "channels",
          "channels is a list of channel names, like [clients-email, ops-webhook]",
        )
      else {
        channels = []
        for (const channel of channelsNode.items) {
          const name = scalarText(nodeOf(channel))?.trim()
          const at = lineOf(nodeOf(channel) ?? channelsNode)
          if (name === undefined || name === "") report(at, "channels", "Each channel is named by its name")
          else if (name.length > 80)
            report(at, "channels", `${JSON.stringify(name)} is longer than a channel name (80 characters)`)
          else if (!channels.includes(name)) channels.push(name)
        }
      }
    }

    if (issues.length > before || reference === undefined || releaseAt === undefined) continue
    const decoded = decodeEntry({
      report: reference,
      releaseAt: releaseAt === null ? null : releaseAt.toISOString(),
      ...(channels === undefined ? {} : { channels }),
    })
    if (Either.isLeft(decoded)) {
      const problems = ParseResult.ArrayFormatter.formatErrorSync(decoded.left)
      for (const problem of problems) {
        const field = String(problem.path[0] ?? "(entry)")
        // A time that fails its rule also "expects null" (the other member of NullOr): noise.
        if (
          problem.message.startsWith("Expected null,") &&
          problems.some((other) => other.path[0] === field && other !== problem)
        )
          continue
        report(lineAt(field), field, problem.message)
      }
      continue
    }
    entries.push(decoded.right)
    lines.push(line)
  }
  return { format, entries, lines, issues: issues.sort((a, b) => a.line - b.line) }
}

/** An entry as a file writes it: UTC times with `Z`; channels only when the entry names them. */
const entryDocument = (entry: ScheduleEntry) => ({
  report: entry.report,
  releaseAt: entry.releaseAt === null ? null : formatReleaseTime(entry.releaseAt),
  ...(entry.channels === undefined ? {} : { channels: [...entry.channels] }),
})

/**
 * The file `folio schedule export` prints, which `parseScheduleFile` reads back as the same
 * entries: a string YAML would read as something else (`"007"`, `"null"`) is quoted.
 */
export const formatScheduleFile = (
  entries: ReadonlyArray<ScheduleEntry>,
  format: ScheduleFileFormat,
): string => {
  const document = { releases: entries.map(entryDocument) }
  return format === "json" ? `${JSON.stringify(document, null, 2)}\n` : stringify(document, { lineWidth: 0 })
}
