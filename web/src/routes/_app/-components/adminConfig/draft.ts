import {
  type ConfigEntry,
  type ConfigOperation,
  configKeyProblem,
  decodeConfigValue,
  type FieldIssue,
  isSecretConfigKey,
  jsonEqual,
  knownConfigKey,
} from "@folio/core"
import { Either } from "effect"

/**
 * The admin's unsaved edits of the store, one per key, as the editors hold them (a number field
 * may hold "" while being typed, a JSON field text that does not parse yet). Saving turns them
 * into one PATCH; each is checked first with core's rules, the ones the server applies.
 */
export type Edit =
  | { readonly kind: "value"; readonly value: unknown }
  /** A number field's text that is not a number yet. */
  | { readonly kind: "notANumber" }
  /** A free key's JSON text; `create` for a key the store does not hold yet. */
  | { readonly kind: "json"; readonly text: string; readonly create: boolean }
  /** A new value for a secret (write-only). */
  | { readonly kind: "secret"; readonly value: string }
  /** A secret cleared or a free key deleted. */
  | { readonly kind: "delete" }

export type Edits = Readonly<Record<string, Edit>>

/** "at a.b.0" for a problem inside a value; nothing for the value itself. */
const where = (path: ReadonlyArray<string | number>): string =>
  path.length === 0 ? "" : ` (at ${path.join(".")})`

export const issueText = (issue: FieldIssue): string => `${issue.message}${where(issue.path)}`

/** The value a JSON field's text stands for, or what is wrong with it. */
export const parseJson = (text: string): Either.Either<unknown, string> => {
  if (text.trim() === "") return Either.left('Enter a JSON value, such as true, 42, "text" or {}')
  try {
    return Either.right(JSON.parse(text))
  } catch (error) {
    return Either.left(`Not valid JSON: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** A free key's name as typed into "Add a key": its problem, or undefined when it may be added. */
export const newKeyProblem = (key: string, exists: (key: string) => boolean): string | undefined => {
  if (key === "") return "Enter a key"
  if (knownConfigKey(key) !== undefined) return `${key} is one of Folio's own keys: change it above`
  if (exists(key)) return `${key} exists already: edit it in the list`
  return configKeyProblem(key)
}

/** The operation an edit stands for, or the problem that keeps it from being saved. */
export const operationOf = (key: string, edit: Edit): Either.Either<ConfigOperation, string> => {
  switch (edit.kind) {
    case "delete":
      return Either.right({ operation: "delete", key })
    case "notANumber":
      return Either.left("Enter a whole number")
    case "json":
      return Either.flatMap(parseJson(edit.text), (value) =>
        decodeConfigValue(key, value).pipe(
          Either.mapLeft(issueText),
          Either.map((): ConfigOperation => ({ operation: edit.create ? "create" : "update", key, value })),
        ),
      )
    case "secret":
    case "value": {
      const value = edit.value
      return decodeConfigValue(key, value).pipe(
        Either.mapLeft(issueText),
        // A known key is always in the store (its default at least): upsert says so without a race.
        Either.map((): ConfigOperation => ({ operation: "upsert", key, value })),
      )
    }
  }
}

/** Each edit's problem, by key; empty when everything may be saved. */
export const editProblems = (edits: Edits): Readonly<Record<string, string>> => {
  const problems: Record<string, string> = {}
  for (const [key, edit] of Object.entries(edits)) {
    const op = operationOf(key, edit)
    if (Either.isLeft(op)) problems[key] = op.left
  }
  return problems
}

/** The PATCH's operations, in key order, or undefined while any edit has a problem. */
export const operationsOf = (edits: Edits): ReadonlyArray<ConfigOperation> | undefined => {
  const operations: Array<ConfigOperation> = []
  const sorted = Object.entries(edits).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  for (const [key, edit] of sorted) {
    const op = operationOf(key, edit)
    if (Either.isLeft(op)) return undefined
    operations.push(op.right)
  }
  return operations
}

/** What a key holds now, as an editor starts from it (a known key the store lacks: its default). */
export const storedValue = (key: string, entry: ConfigEntry | undefined): unknown =>
  entry === undefined ? knownConfigKey(key)?.default : entry.value

/**
 * Adds, replaces or drops the edit of `key`: an edit that brings a value back to what the store
 * holds is no edit at all, so undoing by hand leaves nothing to save.
 */
export const withEdit = (
  edits: Edits,
  key: string,
  edit: Edit | undefined,
  entry: ConfigEntry | undefined,
): Edits => {
  const { [key]: _previous, ...rest } = edits
  if (edit === undefined) return rest
  if (edit.kind === "value" && !isSecretConfigKey(key) && jsonEqual(edit.value, storedValue(key, entry))) {
    return rest
  }
  if (edit.kind === "json" && !edit.create && entry !== undefined) {
    const parsed = parseJson(edit.text)
    if (Either.isRight(parsed) && jsonEqual(parsed.right, entry.value)) return rest
  }
  return { ...rest, [key]: edit }
}

/**
 * The server's 400 for a PATCH, by key: its issues name `operations.<index>…`, and the index says
 * which key (the operations were sent in `operations`' order). Issues it cannot place are `form`.
 */
export const serverProblems = (
  issues: ReadonlyArray<{ readonly path: ReadonlyArray<PropertyKey>; readonly message: string }>,
  operations: ReadonlyArray<ConfigOperation>,
): { readonly byKey: Readonly<Record<string, string>>; readonly form: ReadonlyArray<string> } => {
  const byKey: Record<string, string> = {}
  const form: Array<string> = []
  for (const issue of issues) {
    const [head, index, field, ...below] = issue.path
    const op = head === "operations" && typeof index === "number" ? operations[index] : undefined
    if (op === undefined) {
      form.push(issue.message)
      continue
    }
    // The server names the key first ("banner.message: …"); beside the key's own field that is said.
    const message = issue.message.startsWith(`${op.key}: `)
      ? issue.message.slice(op.key.length + 2)
      : issue.message
    const inside =
      field === "value" ? below.filter((part): part is string | number => typeof part !== "symbol") : []
    byKey[op.key] ??= `${message}${where(inside)}`
  }
  return { byKey, form }
}
