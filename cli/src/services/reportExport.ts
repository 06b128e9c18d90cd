import { type FileHandle, mkdir, open, rename, rm, stat, writeFile } from "node:fs/promises"
import { join } from "node:path"
import {
  type ImportFormat,
  markdownFileName,
  type ReportRecordEncoded,
  toCsv,
  toMarkdown,
  toNdjson,
} from "@folio/core"
import { Effect } from "effect"
import { CliError } from "../cliError.js"
import { exportReports, type ReportFilters } from "./reports.js"

export interface ExportInput extends ReportFilters {
  readonly url?: string | undefined
  readonly format: ImportFormat
  /** A file (csv, json, ndjson) or a folder (markdown); stdout when unset. */
  readonly out?: string | undefined
}

export interface ExportResult {
  readonly url: string
  readonly format: ImportFormat
  readonly count: number
  /** Where it went: the file or folder, or null for stdout. */
  readonly out: string | null
  /** Markdown: the files written, in order. */
  readonly files?: ReadonlyArray<string>
}

const writeError = (path: string) => (error: unknown) =>
  new CliError({
    code: "WriteError",
    message: `Cannot write ${path}: ${error instanceof Error ? error.message : String(error)}.`,
  })

const attempt = <A>(path: string, run: () => Promise<A>): Effect.Effect<A, CliError> =>
  Effect.tryPromise({ try: run, catch: writeError(path) })

/** A sink for text: stdout, or a temporary file renamed into place once complete. */
const textSink = (out: string | undefined) =>
  Effect.gen(function* () {
    if (out === undefined)
      return {
        write: (text: string) =>
          Effect.async<void>((resume) => {
            process.stdout.write(text, () => resume(Effect.void))
          }),
        commit: Effect.void,
        abort: Effect.void,
      }
    const temporary = `${out}.folio-${process.pid}.tmp`
    const handle: FileHandle = yield* attempt(out, () => open(temporary, "w"))
    return {
      write: (text: string) => attempt(out, () => handle.write(text)).pipe(Effect.asVoid),
      commit: attempt(out, async () => {
        await handle.close()
        await rename(temporary, out)
      }),
      abort: Effect.promise(async () => {
        await handle.close().catch(() => undefined)
        await rm(temporary, { force: true })
      }),
    }
  })

/** The records of one page in the chosen format; JSON is an array spread over the pages. */
const serializer = (format: Exclude<ImportFormat, "markdown">) => {
  let first = true
  return {
    page: (records: ReadonlyArray<ReportRecordEncoded>): string => {
      const wasFirst = first
      if (records.length > 0) first = false
      switch (format) {
        case "csv":
          return records.length === 0 && !wasFirst ? "" : toCsv(records, wasFirst)
        case "ndjson":
          return toNdjson(records)
        case "json": {
          // toJson's layout, one element at a time: "[\n  {…},\n  {…}\n]\n".
          const items = records.map((record) =>
            JSON.stringify(
              Object.fromEntries(
                Object.entries(record).filter(([, value]) => value !== undefined && value !== null),
              ),
              null,
              2,
            )
              .split("\n")
              .map((line) => `  ${line}`)
              .join("\n"),
          )
          return items.length === 0 ? "" : `${wasFirst ? "[\n" : ",\n"}${items.join(",\n")}`
        }
      }
    },
    end: (): string =>
      format === "json" ? (first ? "[]\n" : "\n]\n") : format === "csv" && first ? toCsv([], true) : "",
  }
}

/**
 * `folio reports export`: every matching report, in one of the formats `import` reads. CSV, JSON
 * and NDJSON stream to stdout or into one file; Markdown writes one file per report into a folder
 * (named after the externalId, else the title; repeated names get -2, -3…).
 */
export const runExport = (
  input: ExportInput,
  onProgress: (count: number) => void,
): Effect.Effect<ExportResult, CliError> =>
  Effect.gen(function* () {
    if (input.format === "markdown") {
      const dir = input.out
      if (dir === undefined)
        return yield* Effect.fail(
          new CliError({
            code: "UsageError",
            message: "A Markdown export is one file per report: give the folder with --out DIR.",
            exitCode: 2,
          }),
        )
      const existing = yield* Effect.promise(() => stat(dir).catch(() => null))
      if (existing !== null && !existing.isDirectory())
        return yield* Effect.fail(
          new CliError({ code: "UsageError", message: `--out ${dir} is a file, not a folder.`, exitCode: 2 }),
        )
      yield* attempt(dir, () => mkdir(dir, { recursive: true }))
      const used = new Set<string>()
      const files: Array<string> = []
      const { url, count } = yield* exportReports(input, (records) =>
        Effect.gen(function* () {
          for (const record of records) {
            const base = markdownFileName(record, files.length).replace(/\.md$/, "")
            let name = `${base}.md`
            for (let n = 2; used.has(name); n++) name = `${base}-${n}.md`
            used.add(name)
            const path = join(dir, name)
            yield* attempt(path, () => writeFile(path, toMarkdown(record), "utf8"))
            files.push(path)
          }
          onProgress(files.length)
        }),
      )
      return { url, format: input.format, count, out: dir, files }
    }
    const sink = yield* textSink(input.out)
    const format = serializer(input.format)
    let written = 0
    const result = yield* exportReports(input, (records) =>
      Effect.gen(function* () {
        const text = format.page(records)
        if (text !== "") yield* sink.write(text)
        written += records.length
        onProgress(written)
      }),
    ).pipe(Effect.tapError(() => sink.abort))
    yield* sink.write(format.end())
    yield* sink.commit
    return { url: result.url, format: input.format, count: result.count, out: input.out ?? null }
  })
