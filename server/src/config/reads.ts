import {
  type ConfigHistoryParams,
  type ConfigPlan,
  type ConfigPlanRequest,
  configKeyProblem,
  decodeConfigValue,
  decodeCursor,
  encodeCursor,
  type FieldIssue,
  jsonEqual,
  NotFound,
  planConfig,
  ValidationError,
} from "@folio/core"
import { Effect, Either, Option } from "effect"
import { configMissingError } from "./missing.js"
import { ConfigRepo } from "./repo.js"
import { SecretBox } from "./secrets.js"
import { ConfigStore } from "./store.js"
import { snapshotView, versionView } from "./view.js"

const badCursor = ValidationError.field(
  "cursor",
  "The page cursor is not valid; start again from the first page.",
)

/** The issues of a desired state: bad keys, and values their key's schema refuses. */
const desiredIssues = (entries: Readonly<Record<string, unknown>>): ReadonlyArray<FieldIssue> =>
  Object.entries(entries).flatMap(([key, value]): ReadonlyArray<FieldIssue> => {
    const problem = configKeyProblem(key)
    if (problem) return [{ path: ["entries", key], message: `${key}: ${problem}` }]
    if (value === null) return []
    return Either.match(decodeConfigValue(key, value), {
      onLeft: (issue) => [{ path: ["entries", key, ...issue.path], message: `${key}: ${issue.message}` }],
      onRight: () => [],
    })
  })

/** What admins read of the store: the current snapshot, a plan, the history, a past version. */
export class ConfigReads extends Effect.Service<ConfigReads>()("@folio/server/ConfigReads", {
  effect: Effect.gen(function* () {
    const repo = yield* ConfigRepo
    const store = yield* ConfigStore
    const box = yield* SecretBox

    /** The snapshot this instance holds (no query), or the 503 of the missing state. */
    const ready = Effect.suspend(() => {
      const state = store.current()
      return state.status === "ready"
        ? Effect.succeed(state.snapshot)
        : Effect.fail(configMissingError(state))
    })

    const snapshot = Effect.map(ready, (held) => snapshotView(held.row))

    /** Changes nothing: compares the desired state with the snapshot held, secrets decrypted here. */
    const plan = (request: ConfigPlanRequest) =>
      Effect.gen(function* () {
        const issues = desiredIssues(request.entries)
        if (issues.length > 0) {
          return yield* new ValidationError({ message: issues.map((i) => i.message).join("; "), issues })
        }
        const held = yield* ready
        const current = new Map(
          [...held.entries].map(([key, entry]) => [key, { value: entry.value ?? entry.sealed }]),
        )
        const changes = planConfig(current, request.entries, (key, value) => {
          const sealed = held.entries.get(key)?.sealed
          if (sealed === undefined) return false
          const stored = box.open(key, sealed)
          return Either.isRight(stored) && jsonEqual(stored.right, value)
        })
        return { version: held.version, digest: held.digest, changes } satisfies ConfigPlan
      })

    const history = (params: ConfigHistoryParams) =>
      Effect.gen(function* () {
        const limit = params.limit ?? 50
        let before: number | undefined
        if (params.cursor !== undefined) {
          const decoded = decodeCursor(params.cursor)?.[0]
          if (typeof decoded !== "number" || !Number.isInteger(decoded) || decoded < 1)
            return yield* badCursor
          before = decoded
        }
        const rows = yield* store.orMissing(repo.history({ key: params.key, before, limit: limit + 1 }))
        const items = rows.slice(0, limit).map(versionView)
        const last = items.at(-1)
        return { items, nextCursor: rows.length > limit && last ? encodeCursor([last.version]) : null }
      })

    const version = (number: number) =>
      repo.at(number).pipe(
        store.orMissing,
        Effect.flatMap(
          Option.match({
            onNone: () =>
              Effect.fail(new NotFound({ message: `There is no version ${number} of the configuration.` })),
            onSome: (row) => Effect.succeed(snapshotView(row)),
          }),
        ),
      )

    return { snapshot, plan, history, version } as const
  }),
  dependencies: [ConfigRepo.Default, ConfigStore.Default, SecretBox.Default],
}) {}
