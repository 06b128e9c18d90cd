/**
 * `folio config diff | apply`: bring the keys a YAML or JSON file names to what it says. The file
 * is read and every value checked here (core's parseConfigFile, file:line for each problem), the
 * plan is the server's (POST /api/config/plan), and the apply is one PATCH of the plan's
 * operations guarded by `If-Match` (the plan's digest, or `--if-digest`): all or nothing.
 */
import {
  type ConfigFileFormat,
  type ConfigFileIssue,
  type ConfigOperation,
  type ConfigPlan,
  configFieldText,
  operationsOfPlan,
  PreconditionFailed,
  parseConfigFile,
  ValidationError,
} from "@folio/core"
import { Effect, Either } from "effect"
import { send, signedInTarget, type Target } from "../api.js"
import { CliError } from "../cliError.js"
import { describeFailure } from "../failures.js"
import { CommentFlag, type Flags, staleDigest } from "./config.js"
import { readInputFile } from "./importFiles.js"
import { defined } from "./lookup.js"
import { attemptValid } from "./releases.js"
import { decodeInput } from "./validate.js"

export interface ConfigApply {
  readonly url: string
  readonly file: string
  readonly dryRun: boolean
  /** Problems with the file (found here, or by the server); nothing was applied. */
  readonly issues: ReadonlyArray<ConfigFileIssue>
  /** The server's plan, made against its version and digest; null when the file had problems. */
  readonly plan: ConfigPlan | null
  /** The store after the apply; null for a dry run, an empty plan or problems. */
  readonly applied: { readonly version: number; readonly digest: string } | null
}

/** At most this many operations go in one change (ConfigPatch). */
const maxChanges = 500

const usage = (message: string, hint?: string): CliError =>
  new CliError({ code: "UsageError", message, hint, exitCode: 2 })

/**
 * The server's ValidationError as problems of the file: a path through `operations[i]` or
 * `entries.<key>` names a key, whose line the file knows.
 */
const serverIssues = (
  file: string,
  lines: ReadonlyMap<string, number>,
  operations: ReadonlyArray<ConfigOperation>,
  error: ValidationError,
): Array<ConfigFileIssue> => {
  const issues = error.issues.length > 0 ? error.issues : [{ path: [], message: error.message }]
  return issues.map((issue) => {
    const [root, at, field, ...rest] = issue.path
    const key =
      root === "operations" && at !== undefined
        ? operations[Number(at)]?.key
        : root === "entries" && at !== undefined
          ? String(at)
          : undefined
    const path =
      root === "operations"
        ? field === "value"
          ? rest
          : []
        : [field, ...rest].filter((p) => p !== undefined)
    if (key === undefined)
      return { file, line: 0, field: "(file)", message: issue.message, key: null, path: [] }
    const message = issue.message.startsWith(`${key}: `) ? issue.message.slice(key.length + 2) : issue.message
    return { file, line: lines.get(key) ?? 0, field: configFieldText(key, path), message, key, path }
  })
}

export const applyConfigFile = (
  input: Flags & {
    readonly file: string
    readonly format?: ConfigFileFormat | undefined
    readonly dryRun: boolean
    readonly ifDigest?: string | undefined
    readonly comment?: string | undefined
  },
): Effect.Effect<ConfigApply, CliError> =>
  Effect.gen(function* () {
    if (input.file === "-" && input.format === undefined)
      return yield* Effect.fail(
        usage("Reading stdin (-) needs --format.", "Add --format yaml or --format json."),
      )
    const { comment } = yield* decodeInput(CommentFlag, defined({ comment: input.comment }), {
      comment: "--comment",
    })
    const name = input.file === "-" ? "stdin" : input.file
    // readInputFile wants an import format; the config format is told below, by parseConfigFile.
    const text = yield* readInputFile({ name, path: input.file === "-" ? null : input.file, format: "json" })
    const parsed = parseConfigFile(name, text, input.format)
    const base = { file: name, dryRun: input.dryRun }
    if (parsed.issues.length > 0)
      return { url: "", ...base, issues: parsed.issues, plan: null, applied: null }

    const target: Target = yield* signedInTarget(input)
    const result = (
      issues: ConfigApply["issues"],
      plan: ConfigApply["plan"],
      applied: ConfigApply["applied"] = null,
    ): ConfigApply => ({ url: target.url, ...base, issues, plan, applied })

    const planned = yield* attemptValid(target, (client) =>
      client.config.plan({ payload: { entries: parsed.entries } }),
    )
    if (Either.isLeft(planned)) return result(serverIssues(name, parsed.lines, [], planned.left), null)
    const plan = planned.right
    // Checked before anything is shown as a plan: a plan against another version is not the one asked for.
    if (input.ifDigest !== undefined && input.ifDigest !== plan.digest)
      return yield* Effect.fail(staleDigest(input.ifDigest, plan.digest, "--if-digest"))
    if (plan.changes.length > maxChanges)
      return result(
        [
          {
            file: name,
            line: 0,
            field: "(file)",
            message: `The plan has ${plan.changes.length} changes; at most ${maxChanges} are applied at once. Split the file.`,
            key: null,
            path: [],
          },
        ],
        plan,
      )
    if (input.dryRun || plan.changes.length === 0) return result([], plan)

    const operations = operationsOfPlan(plan.changes, parsed.entries)
    const ifMatch = input.ifDigest ?? plan.digest
    const done = yield* send(target, (client) =>
      client.config.patch({
        headers: { "if-match": ifMatch },
        payload: { operations, ...defined({ comment }) },
      }),
    ).pipe(
      Effect.map((snapshot) => Either.right(snapshot)),
      Effect.catchAll((error) =>
        error instanceof ValidationError
          ? Effect.succeed(Either.left(error))
          : Effect.fail(
              error instanceof PreconditionFailed
                ? staleDigest(ifMatch, error.digest, input.ifDigest === undefined ? "plan" : "--if-digest")
                : describeFailure(target)(error),
            ),
      ),
    )
    if (Either.isLeft(done)) return result(serverIssues(name, parsed.lines, operations, done.left), plan)
    return result([], plan, { version: done.right.version, digest: done.right.digest })
  })
