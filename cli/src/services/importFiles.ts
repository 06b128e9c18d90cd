import { readdir, readFile, stat } from "node:fs/promises"
import { join } from "node:path"
import { formatOfFile, type ImportFormat } from "@folio/core"
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
