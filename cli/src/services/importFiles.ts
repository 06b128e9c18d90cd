import { closeSync, createReadStream, fstatSync, openSync, readFileSync, readSync } from "node:fs"
import { open, readdir, readFile, stat } from "node:fs/promises"
import { join } from "node:path"
import { formatOfFile, type ImportFormat, importReader } from "@folio/core"
import { Effect } from "effect"
import { CliError } from "../cliError.js"

/**
 * The files an import reads: files named on the command line, and the import files found by
 * walking named folders. The order is fixed (as named, then by path within a folder) so that
 * the same command always cuts the same batches, which is what makes a re-run resumable.
 */

export interface InputFile {
  /** As shown in messages and sent to the server: the path as given, or joined under the given folder. */
  readonly name: string
  /** Where to read it from; null for stdin (`-`). */
  readonly path: string | null
  readonly format: ImportFormat
}

export interface FoundFiles {
  readonly files: ReadonlyArray<InputFile>
  /** Files inside walked folders that are not import files (by extension). */
  readonly skipped: number
}

const usage = (message: string, hint?: string): CliError =>
  new CliError({ code: "UsageError", message, hint, exitCode: 2 })

const walk = (dir: string, format: ImportFormat | undefined): Effect.Effect<FoundFiles, CliError> =>
  Effect.gen(function* () {
    const entries = yield* Effect.tryPromise({
      try: () => readdir(dir, { withFileTypes: true, recursive: true }),
      catch: (error) =>
        new CliError({ code: "ReadError", message: `Cannot read the folder ${dir}: ${reason(error)}.` }),
    })
    const files: Array<InputFile> = []
    let skipped = 0
    const paths = entries
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      // Hidden files and folders (.git, .DS_Store) are never reports.
      .filter(
        (path) =>
          !path
            .slice(dir.length)
            .split(/[\\/]/)
            .some((part) => part.startsWith(".")),
      )
      .sort()
    for (const path of paths) {
      const found = formatOfFile(path)
      if (found === undefined || (format !== undefined && found !== format)) skipped++
      else files.push({ name: path, path, format: found })
    }
    return { files, skipped }
  })

const reason = (error: unknown): string => {
  if (error instanceof Error && "code" in error) {
    if (error.code === "ENOENT") return "no such file or folder"
    if (error.code === "EACCES") return "permission denied"
    if (error.code === "EISDIR") return "it is a folder"
  }
  return error instanceof Error ? error.message : String(error)
}

/**
 * Expands the paths given on the command line. `-` is stdin and needs `--format`; a named file
 * needs an import extension or `--format`; a folder contributes its import files (only those of
 * `--format` when given).
 */
export const findInputFiles = (
  paths: ReadonlyArray<string>,
  format: ImportFormat | undefined,
  extensions = ".csv, .json, .ndjson, .jsonl or .md",
): Effect.Effect<FoundFiles, CliError> =>
  Effect.gen(function* () {
    const files: Array<InputFile> = []
    let skipped = 0
    for (const path of paths) {
      if (path === "-") {
        if (format === undefined)
          return yield* Effect.fail(
            usage("Reading stdin (-) needs --format.", "Add --format csv|json|ndjson|markdown."),
          )
        files.push({ name: "stdin", path: null, format })
        continue
      }
      const info = yield* Effect.tryPromise({
        try: () => stat(path),
        catch: (error) =>
          new CliError({ code: "ReadError", message: `Cannot read ${path}: ${reason(error)}.` }),
      })
      if (info.isDirectory()) {
        const found = yield* walk(path, format)
        files.push(...found.files)
        skipped += found.skipped
        continue
      }
      const fileFormat = format ?? formatOfFile(path)
      if (fileFormat === undefined)
        return yield* Effect.fail(
          usage(
            `Cannot tell the format of ${path} from its name.`,
            `Name it ${extensions}, or pass --format.`,
          ),
        )
      files.push({ name: path, path, format: fileFormat })
    }
    const seen = new Set<string>()
    const unique = files.filter((file) => {
      const key = file.path ?? "-"
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
    return { files: unique, skipped }
  })

const readStdin = async (): Promise<string> => {
  if (process.stdin.isTTY === true)
    throw usage("`-` reads the file from stdin, but stdin is a terminal.", "Pipe the file in, or name it.")
  const chunks: Array<Buffer> = []
  for await (const chunk of process.stdin)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)))
  return Buffer.concat(chunks).toString("utf8")
}

export const readInputFile = (file: InputFile): Effect.Effect<string, CliError> =>
  Effect.tryPromise({
    try: () => (file.path === null ? readStdin() : readFile(file.path, "utf8")),
    catch: (error) =>
      error instanceof CliError
        ? error
        : new CliError({ code: "ReadError", message: `Cannot read ${file.name}: ${reason(error)}.` }),
  })

/** Chunks read per file: big enough to keep the parser busy, small enough to stay a rounding error. */
const chunkBytes = 1 << 20

/**
 * A file's text a chunk at a time (UTF-8 decoded across chunk edges), counting the bytes read into
 * `reading` for the progress display. stdin (`-`) is read the same way.
 */
async function* readChunks(file: InputFile, reading: { bytesRead: number }): AsyncGenerator<string> {
  if (file.path === null && process.stdin.isTTY === true)
    throw usage("`-` reads the file from stdin, but stdin is a terminal.", "Pipe the file in, or name it.")
  const before = reading.bytesRead
  try {
    if (file.path === null) {
      for await (const chunk of process.stdin.setEncoding("utf8")) {
        const text = String(chunk)
        reading.bytesRead += Buffer.byteLength(text)
        yield text
      }
      return
    }
    const handle = await open(file.path)
    try {
      const { size } = await handle.stat()
      // A small file (a Markdown folder holds thousands) is one read into a buffer of its size;
      // a stream would take a whole chunk's buffer for each.
      if (size <= chunkBytes) {
        const text = await handle.readFile("utf8")
        reading.bytesRead = before + size
        yield text
        return
      }
      const stream = handle.createReadStream({
        encoding: "utf8",
        highWaterMark: chunkBytes,
        autoClose: false,
      })
      for await (const chunk of stream) {
        reading.bytesRead = before + stream.bytesRead
        yield String(chunk)
      }
    } finally {
      await handle.close()
    }
  } catch (error) {
    throw new CliError({ code: "ReadError", message: `Cannot read ${file.name}: ${reason(error)}.` })
  }
}

/** The buffer small files are read into, reused: one allocation, not one per file. */
let smallFileBuffer = Buffer.allocUnsafe(64 * 1024)

/**
 * A Markdown file's text, read in synchronous calls into a reused buffer (a file over a
 * megabyte gets a buffer of its own, dropped after). A folder holds thousands of small files:
 * the promise API's open, stat, read and close each go through the thread pool and back, about
 * 120 µs of the CLI's CPU a file (profiled), several times what these calls take, and a buffer a
 * file left for the collector kept some 20 MB more resident.
 */
const readWholeFile = (path: string): string => {
  const fd = openSync(path, "r")
  try {
    const size = fstatSync(fd).size
    if (size > chunkBytes) return readFileSync(fd, "utf8")
    if (size + 1 > smallFileBuffer.length) smallFileBuffer = Buffer.allocUnsafe(chunkBytes + 1)
    let length = 0
    for (;;) {
      const read = readSync(fd, smallFileBuffer, length, smallFileBuffer.length - length, null)
      if (read === 0) break
      length += read
      // It grew since it was measured: read the rest the plain way.
      if (length === smallFileBuffer.length)
        return smallFileBuffer.toString("utf8", 0, length) + readFileSync(fd, "utf8")
    }
    return smallFileBuffer.toString("utf8", 0, length)
  } finally {
    closeSync(fd)
  }
}

/**
 * Reads the import's files in order, for `chunksOf(index)`: a Markdown file (one report each) is
 * read whole by `readWholeFile`; any other file is streamed by readChunks.
 */
export const fileReader = (files: ReadonlyArray<InputFile>, reading: { bytesRead: number }) =>
  async function* chunksOf(index: number): AsyncGenerator<string> {
    const file = files[index]
    if (file === undefined) return
    if (file.format !== "markdown" || file.path === null) {
      yield* readChunks(file, reading)
      return
    }
    let text: string
    try {
      text = readWholeFile(file.path)
    } catch (error) {
      throw new CliError({ code: "ReadError", message: `Cannot read ${file.name}: ${reason(error)}.` })
    }
    reading.bytesRead += Buffer.byteLength(text)
    yield text
  }

/** The files' total size, or null when one of them is stdin (its size is not known). */
export const totalBytes = (files: ReadonlyArray<InputFile>): Effect.Effect<number | null, CliError> =>
  Effect.gen(function* () {
    let total = 0
    for (const file of files) {
      if (file.path === null) return null
      const path = file.path
      const info = yield* Effect.tryPromise({
        try: () => stat(path),
        catch: (error) =>
          new CliError({ code: "ReadError", message: `Cannot read ${file.name}: ${reason(error)}.` }),
      })
      total += info.size
    }
    return total
  })

/**
 * Reads just the header of every report CSV named (not stdin) and refuses the import, before
 * anything is sent, when one has a column that is not a report field: every row of that file
 * would fail the same way. The message names the file, the column and the known columns.
 */
export const checkCsvHeaders = (files: ReadonlyArray<InputFile>): Effect.Effect<void, CliError> =>
  Effect.gen(function* () {
    for (const file of files) {
      if (file.format !== "csv" || file.path === null) continue
      const path = file.path
      const problems = yield* Effect.tryPromise({
        try: async () => {
          const reader = importReader(file.name, "csv")
          const stream = createReadStream(path, { encoding: "utf8", highWaterMark: 64 * 1024 })
          try {
            for await (const chunk of stream) {
              const parsed = reader.push(String(chunk))
              // The header is the first row: once any row is through, the header was judged.
              if (parsed.records.length > 0 || parsed.issues.length > 0 || (parsed.refusedRows ?? 0) > 0)
                return parsed.issues.filter((issue) => issue.line === 1 && issue.field !== "(row)")
            }
            return reader
              .end()
              .issues.filter(
                (issue) => issue.line === 1 && issue.field !== "(row)" && issue.field !== "(file)",
              )
          } finally {
            stream.destroy()
          }
        },
        catch: (error) =>
          new CliError({ code: "ReadError", message: `Cannot read ${file.name}: ${reason(error)}.` }),
      })
      if (problems.length > 0)
        return yield* Effect.fail(
          new CliError({
            code: "InvalidFile",
            message: problems.map((issue) => `${issue.file}:${issue.line}: ${issue.message}.`).join("\n"),
            hint: "Fix the header row (or rename the column); nothing was sent.",
          }),
        )
    }
  })
