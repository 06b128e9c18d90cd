import { createReadStream } from "node:fs"
import { readFile, stat } from "node:fs/promises"
import { basename, extname } from "node:path"
import { audioMaxBytes, type Episode, type EpisodeId, podcastUploadPath } from "@folio/core"
import { Effect } from "effect"
import { type DetailedError, Upload } from "tus-js-client"
import { signedInTarget, type Target } from "../api.js"
import { CliError } from "../cliError.js"
import { cliVersion } from "../version.js"
import {
  createDraft,
  deleteDraft,
  getEpisode,
  parseEpisodeId,
  parseReportId,
  resolveShow,
  updateEpisode,
} from "./podcasts.js"

/**
 * `folio podcasts upload`: checks the file, makes the draft episode (or finds the one whose audio
 * is replaced), sends the audio with the tus resumable-upload protocol, and reads back what the
 * server found in the file. Three steps, so the command can show a live bar in between.
 */

/** Each request carries this much of the file: a dropped connection costs at most one chunk. */
export const uploadChunkBytes = 8 * 1024 * 1024
/** Pauses before each new attempt after a failed request (the network, a 5xx, a proxy). */
export const uploadRetryDelays = [0, 1000, 3000, 5000, 10000]

const mebibytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`

/** What the file's name says it is; the server decides by the file's contents. */
const typeOfName = (name: string): string =>
  ({ ".mp3": "audio/mpeg", ".m4a": "audio/mp4", ".mp4": "audio/mp4", ".wav": "audio/wav" })[
    extname(name).toLowerCase()
  ] ?? "application/octet-stream"

export interface UploadInput {
  readonly url?: string | undefined
  readonly file: string
  readonly show?: string | undefined
  readonly title?: string | undefined
  readonly report?: string | undefined
  readonly followReport: boolean
  readonly notesFile?: string | undefined
  /** Replace this episode's audio instead of making a new draft. */
  readonly episode?: string | undefined
}

export interface PreparedUpload {
  readonly target: Target
  readonly file: {
    readonly path: string
    readonly name: string
    readonly type: string
    readonly size: number
  }
  readonly episode: Episode
  /** The draft was made by this command (and is deleted again if the server refuses the audio). */
  readonly created: boolean
}

const usage = (message: string, hint?: string) =>
  new CliError({ code: "UsageError", message, hint, exitCode: 2 })

/** The audio file: it exists, is a file, is not empty and not over the server's limit. */
const checkFile = (path: string) =>
  Effect.tryPromise({
    try: () => stat(path),
    catch: (error) =>
      new CliError({
        code: "FileNotFound",
        message:
          (error as NodeJS.ErrnoException).code === "ENOENT"
            ? `No such file: ${path}.`
            : `Cannot read ${path}: ${(error as Error).message}.`,
      }),
  }).pipe(
    Effect.flatMap((info) => {
      if (!info.isFile())
        return Effect.fail(new CliError({ code: "NotAFile", message: `${path} is not a file.` }))
      if (info.size === 0)
        return Effect.fail(new CliError({ code: "EmptyFile", message: `${path} is empty.` }))
      if (info.size > audioMaxBytes)
        return Effect.fail(
          new CliError({
            code: "FileTooLarge",
            message: `${path} is ${mebibytes(info.size)}; an episode's audio may be at most ${mebibytes(audioMaxBytes)} (${audioMaxBytes.toLocaleString("en-US")} bytes). Nothing was sent.`,
            hint: "Export it at a lower bit rate (an MP3 at 128 kbit/s holds about 9 hours in 500 MB).",
          }),
        )
      return Effect.succeed(info.size)
    }),
  )

const readNotes = (path: string) =>
  Effect.tryPromise({
    try: () => readFile(path, "utf8"),
    catch: (error) =>
      new CliError({
        code: "FileNotFound",
        message:
          (error as NodeJS.ErrnoException).code === "ENOENT"
            ? `--notes: no such file: ${path}.`
            : `--notes: cannot read ${path}: ${(error as Error).message}.`,
      }),
  })

/** Everything before the audio is sent: checks first, then the draft (or the episode to replace). */
export const prepareUpload = (input: UploadInput): Effect.Effect<PreparedUpload, CliError> =>
  Effect.gen(function* () {
    if (input.episode === undefined && input.show === undefined)
      return yield* Effect.fail(
        usage(
          "Say which show the episode is in: --show <id or exact title>.",
          "`folio podcasts shows` lists them.",
        ),
      )
    if (input.followReport && input.report === undefined)
      return yield* Effect.fail(
        usage("--follow-report needs --report <report id>: the report it publishes with."),
      )
    const size = yield* checkFile(input.file)
    const notes = input.notesFile === undefined ? undefined : yield* readNotes(input.notesFile)
    const reportId = input.report === undefined ? undefined : yield* parseReportId("--report", input.report)
    const episodeId =
      input.episode === undefined ? undefined : yield* parseEpisodeId("--episode", input.episode)
    const name = basename(input.file)
    const file = { path: input.file, name, type: typeOfName(name), size }
    const target = yield* signedInTarget(input)
    const fields = { title: input.title, notes, reportId, followReport: input.followReport }
    if (episodeId !== undefined) {
      const existing = yield* getEpisode(target, episodeId)
      if (input.show !== undefined) {
        const show = yield* resolveShow(target, "--show", input.show)
        if (show.id !== existing.showId)
          return yield* Effect.fail(
            usage(`Episode ${existing.id} is in "${existing.showTitle}", not in "${show.title}".`),
          )
      }
      const episode = yield* updateEpisode(target, existing, fields)
      return { target, file, episode, created: false }
    }
    const show = yield* resolveShow(target, "--show", input.show ?? "")
    const title = input.title ?? basename(name, extname(name))
    const episode = yield* createDraft(target, show, { ...fields, title })
    return { target, file, episode, created: true }
  })

export type UploadEvent =
  | { readonly _tag: "Progress"; readonly sent: number; readonly total: number }
  | { readonly _tag: "Retrying"; readonly attempt: number; readonly delayMs: number; readonly reason: string }

/** tus-js-client's own rule: a 4xx is final (but 409 and 423, a conflict on the offset or a lock). */
const retryable = (status: number) => !(status >= 400 && status < 500) || status === 409 || status === 423

/** The server's words for a refused request: a JSON error's `message`, else its text. */
const serverMessage = (body: string, status: number): string => {
  const text = body.trim()
  try {
    const parsed: unknown = JSON.parse(text)
    if (
      typeof parsed === "object" &&
      parsed !== null &&
      "message" in parsed &&
      typeof parsed.message === "string"
    )
      return parsed.message
  } catch {
    // not JSON: the text itself
  }
  return text === "" ? `HTTP ${status}` : text.slice(0, 500)
}

const withStop = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`)

/**
 * Sends the audio with tus (resumable: each 8 MB chunk is acknowledged, and after a dropped
 * connection the next attempt asks the server for its offset and goes on from there), with the
 * bearer token every other request carries. Resolves when the server has the whole file; rejects
 * with a CliError holding the server's own message when it refuses it. Ctrl-C stops it.
 */
export const sendAudio = (prepared: PreparedUpload, onEvent: (event: UploadEvent) => void): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    const { target, file, episode } = prepared
    const headers: Record<string, string> = { "user-agent": `folio-cli/${cliVersion}` }
    if (target.token !== null) headers.authorization = `Bearer ${target.token}`
    let stopped = false
    const upload: Upload = new Upload(
      // tus-js-client reads an fs.ReadStream with a path by random access (its d.ts names only Buffer).
      createReadStream(file.path) as unknown as Buffer,
      {
        endpoint: `${target.url}${podcastUploadPath}`,
        metadata: { episodeId: episode.id, filename: file.name, filetype: file.type },
        uploadSize: file.size,
        chunkSize: uploadChunkBytes,
        retryDelays: uploadRetryDelays,
        headers,
        storeFingerprintForResuming: false,
        onProgress: (sent, total) => onEvent({ _tag: "Progress", sent, total }),
        onShouldRetry: (error, attempt) => {
          const status = error.originalResponse?.getStatus() ?? 0
          if (stopped || !retryable(status)) return false
          onEvent({
            _tag: "Retrying",
            attempt: attempt + 1,
            delayMs: uploadRetryDelays[attempt] ?? 0,
            reason:
              status === 0
                ? (error.causingError?.message ?? error.message)
                : `The server answered HTTP ${status}.`,
          })
          return true
        },
        onSuccess: () => {
          process.off("SIGINT", stop)
          resolve()
        },
        onError: (error) => {
          process.off("SIGINT", stop)
          const response = (error as DetailedError).originalResponse ?? null
          if (response !== null) {
            const status = response.getStatus()
            reject(
              new CliError({
                code: status === 413 ? "PayloadTooLarge" : status === 401 ? "Unauthorized" : "UploadRefused",
                message: `The server refused the audio: ${withStop(serverMessage(response.getBody() ?? "", status))}`,
              }),
            )
            return
          }
          const cause = (error as DetailedError).causingError?.message ?? error.message
          reject(
            new CliError({
              code: "UploadFailed",
              message: `The upload to ${target.url} failed after ${uploadRetryDelays.length} retries: ${withStop(cause)}`,
              hint: `Run the same command with --episode ${episode.id} to send the audio again.`,
            }),
          )
        },
      },
    )
    const stop = () => {
      stopped = true
      process.off("SIGINT", stop)
      void upload.abort().finally(() =>
        reject(
          new CliError({
            code: "Cancelled",
            message: "Upload cancelled.",
            hint: `The draft episode ${episode.id} is kept: send its audio with --episode ${episode.id}.`,
            exitCode: 130,
          }),
        ),
      )
    }
    process.on("SIGINT", stop)
    upload.start()
  })

/** After a refusal: a draft this command made is deleted, so no episode without audio is left. */
export const discardDraft = (prepared: PreparedUpload): Effect.Effect<boolean, never> =>
  prepared.created
    ? deleteDraft(prepared.target, prepared.episode.id as EpisodeId).pipe(
        Effect.as(true),
        Effect.orElseSucceed(() => false),
      )
    : Effect.succeed(false)

export interface UploadResult {
  readonly url: string
  readonly created: boolean
  readonly file: { readonly name: string; readonly size: number }
  readonly seconds: number
  readonly episode: Episode
}

/** What the server read from the file: the episode again, with its audio. */
export const finishUpload = (
  prepared: PreparedUpload,
  seconds: number,
): Effect.Effect<UploadResult, CliError> =>
  Effect.gen(function* () {
    const episode = yield* getEpisode(prepared.target, prepared.episode.id)
    if (episode.audio === null)
      return yield* Effect.fail(
        new CliError({
          code: "UnexpectedResponse",
          message: `The upload finished, but episode ${episode.id} has no audio yet.`,
          hint: "Check it with `folio podcasts list --drafts` in a moment.",
        }),
      )
    return {
      url: prepared.target.url,
      created: prepared.created,
      file: { name: prepared.file.name, size: prepared.file.size },
      seconds,
      episode,
    }
  })
