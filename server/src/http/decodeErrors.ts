import { HttpApiError } from "@effect/platform"
import { Effect, Option, type ParseResult, SchemaAST } from "effect"
import { pathText } from "./jsonShape.js"

/** A message is cut here: it names what is wrong, it never carries the input back. */
const maxMessage = 200

const cut = (text: string): string => (text.length > maxMessage ? `${text.slice(0, maxMessage - 1)}…` : text)

/** What a value is, said without showing it. */
const kindOf = (value: unknown): string => {
  if (value === null) return "null"
  if (Array.isArray(value)) return "an array"
  switch (typeof value) {
    case "string":
      return "a string"
    case "number":
      return "a number"
    case "boolean":
      return "a boolean"
    case "undefined":
      return "nothing"
    default:
      return "an object"
  }
}

const expectedOf = (ast: SchemaAST.AST): string => {
  const annotated = SchemaAST.getDescriptionAnnotation(ast).pipe(
    Option.orElse(() => SchemaAST.getTitleAnnotation(ast)),
    Option.orElse(() => SchemaAST.getIdentifierAnnotation(ast)),
  )
  return Option.getOrElse(annotated, () => String(ast))
}

/** The schema's own message for this node (core's `message` annotations), when it has one. */
const annotatedMessage = (
  issue: ParseResult.ParseIssue,
): { message: string; override: boolean } | undefined => {
  if (!("ast" in issue)) return undefined
  const annotation = SchemaAST.getMessageAnnotation(issue.ast)
  if (Option.isNone(annotation)) return undefined
  const result = annotation.value(issue)
  if (typeof result === "string") return { message: result, override: false }
  if (Effect.isEffect(result)) return { message: Effect.runSync(result), override: false }
  const message = typeof result.message === "string" ? result.message : Effect.runSync(result.message)
  return { message, override: result.override }
}

interface FirstIssue {
  readonly tag: ParseResult.ArrayFormatterIssue["_tag"]
  readonly path: ReadonlyArray<PropertyKey>
  readonly message: string
}

/**
 * Follows a decode failure down to its first leaf, the way Effect's ArrayFormatter reads messages
 * (an overriding annotation wins, else the innermost one), but never formats the submitted value:
 * Effect's own formatters print `actual` whole, recursively, which for a body nested a million
 * deep is seconds of the event loop and then a stack overflow.
 */
const firstIssue = (issue: ParseResult.ParseIssue, path: ReadonlyArray<PropertyKey>): FirstIssue => {
  switch (issue._tag) {
    case "Pointer":
      return firstIssue(issue.issue, path.concat(issue.path))
    case "Missing": {
      const missing = SchemaAST.getMissingMessageAnnotation(issue.ast)
      const message = Option.isSome(missing) ? missing.value() : undefined
      return {
        tag: "Missing",
        path,
        message: typeof message === "string" ? message : (issue.message ?? "is missing"),
      }
    }
    case "Unexpected":
      return { tag: "Unexpected", path, message: issue.message ?? "is unexpected" }
    case "Forbidden":
      return { tag: "Forbidden", path, message: issue.message ?? "is forbidden" }
    case "Type": {
      const own = annotatedMessage(issue)
      const message =
        own?.message ?? issue.message ?? `Expected ${expectedOf(issue.ast)}, got ${kindOf(issue.actual)}`
      return { tag: "Type", path, message }
    }
    case "Composite": {
      const own = annotatedMessage(issue)
      if (own?.override) return { tag: "Composite", path, message: own.message }
      const inner = Array.isArray(issue.issues) ? issue.issues[0] : issue.issues
      if (inner) return firstIssue(inner as ParseResult.ParseIssue, path)
      return { tag: "Composite", path, message: own?.message ?? `Expected ${expectedOf(issue.ast)}` }
    }
    case "Refinement": {
      const own = annotatedMessage(issue)
      if (own && (own.override || issue.kind === "Predicate"))
        return { tag: "Refinement", path, message: own.message }
      const inner = firstIssue(issue.issue, path)
      return issue.kind === "Predicate" && inner.tag === "Type" && !own
        ? { ...inner, tag: "Refinement", message: `Expected ${expectedOf(issue.ast)}` }
        : inner
    }
    case "Transformation": {
      const own = annotatedMessage(issue)
      if (own && (own.override || issue.kind === "Transformation"))
        return { tag: "Transformation", path, message: own.message }
      return firstIssue(issue.issue, path)
    }
  }
}

/** The 400 for a decode failure: one issue, naming the field and what it must be. */
export const boundedDecodeError = (error: ParseResult.ParseError): HttpApiError.HttpApiDecodeError => {
  const first = firstIssue(error.issue, [])
  const message = cut(first.message)
  const where = cut(pathText(first.path))
  return new HttpApiError.HttpApiDecodeError({
    issues: [{ _tag: first.tag, path: first.path, message }],
    message: where === "" ? message : `${where}: ${message}`,
  })
}

/**
 * `HttpApiBuilder` turns every decode failure of a path, query or body into an
 * `HttpApiDecodeError` through this one static method, and offers no option to replace it: the
 * server replaces it once, at start, with the bounded formatter above.
 */
export const installBoundedDecodeErrors = (): void => {
  HttpApiError.HttpApiDecodeError.refailParseError = (error) => Effect.fail(boundedDecodeError(error))
  HttpApiError.HttpApiDecodeError.fromParseError = (error) => Effect.succeed(boundedDecodeError(error))
}
