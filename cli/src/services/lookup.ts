import { type Company, CompanyId, TeamId, UserId, type UserSummary } from "@folio/core"
import { Effect, Schema } from "effect"
import { call, type Target } from "../api.js"
import { CliError } from "../cliError.js"

/**
 * What the commands share: keyset paging, and turning what people type (a company slug, an
 * email) into the ids the API takes, through the list endpoints' `q` filter. Only exact matches
 * count: a near miss is named in the error, never acted on.
 */

export interface PageOf<A> {
  readonly items: ReadonlyArray<A>
  readonly nextCursor: string | null
}

export interface Paging {
  /** Items per request (the server's default, 50, when unset; at most 200). */
  readonly limit?: number | undefined
  /** Continue after this cursor (from a previous page's `nextCursor`). */
  readonly cursor?: string | undefined
  /** Follow `nextCursor` until the last page. */
  readonly all?: boolean | undefined
}

/** The largest page the server hands out: used when reading every page anyway. */
export const maxPageSize = 200

/** One page, or with `all` every page from `cursor` on, concatenated. */
export const collectPages = <A>(
  paging: Paging,
  fetchPage: (params: {
    readonly limit: number | undefined
    readonly cursor: string | undefined
  }) => Effect.Effect<PageOf<A>, CliError>,
): Effect.Effect<PageOf<A>, CliError> =>
  Effect.gen(function* () {
    const limit = paging.limit ?? (paging.all ? maxPageSize : undefined)
    const first = yield* fetchPage({ limit, cursor: paging.cursor })
    if (!paging.all) return first
    const items = [...first.items]
    const seen = new Set<string>()
    let cursor = first.nextCursor
    while (cursor !== null) {
      if (seen.has(cursor))
        return yield* Effect.fail(
          new CliError({
            code: "UnexpectedResponse",
            message: "The server handed out the same page cursor twice.",
          }),
        )
      seen.add(cursor)
      const page = yield* fetchPage({ limit, cursor })
      items.push(...page.items)
      cursor = page.nextCursor
    }
    return { items, nextCursor: null }
  })

/** Leaves out the keys whose value is undefined (the client's params are exact optional types). */
export const defined = <T extends Record<string, unknown>>(
  value: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } =>
  Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>
  }

const uuid = Schema.is(Schema.UUID)
const isUuid = (text: string): boolean => uuid(text)

/** Parses an id typed by the user, naming the flag when it is not one. */
export const decodeId =
  <B>(schema: Schema.Schema<B, string>, what: string) =>
  (flag: string, value: string): Effect.Effect<B, CliError> =>
    Schema.decodeUnknown(schema)(value.trim()).pipe(
      Effect.mapError(
        () =>
          new CliError({
            code: "UsageError",
            message: `${flag} takes ${what} id (a UUID), not ${JSON.stringify(value)}.`,
            hint: what === "a team" ? "List them with `folio teams list --company SLUG`." : undefined,
            exitCode: 2,
          }),
      ),
    )

export const parseTeamId = decodeId(TeamId, "a team")

const ambiguous = (message: string, hint: string): CliError =>
  new CliError({ code: "Ambiguous", message, hint })

const suggest = (what: string, near: ReadonlyArray<string>): string | undefined =>
  near.length === 0
    ? undefined
    : `Did you mean ${near.slice(0, 5).join(", ")}${near.length > 5 ? ` (and ${near.length - 5} more)` : ""}? List ${what} with \`folio ${what} list --search …\`.`

/** Every row the `q` filter returns (a handful in practice), all pages. */
const search = <A>(
  fetchPage: (params: {
    readonly limit: number | undefined
    readonly cursor: string | undefined
  }) => Effect.Effect<PageOf<A>, CliError>,
) => collectPages({ all: true }, fetchPage).pipe(Effect.map((page) => page.items))

/** A company by id, slug or exact name (case-insensitive). */
export const resolveCompany = (target: Target, flag: string, ref: string): Effect.Effect<Company, CliError> =>
  Effect.gen(function* () {
    const text = ref.trim()
    if (isUuid(text)) {
      const companyId = CompanyId.make(text)
      return yield* call(target, (client) => client.companies.get({ path: { companyId } }))
    }
    if (text === "")
      return yield* Effect.fail(
        new CliError({ code: "UsageError", message: `${flag} needs a company slug or id.`, exitCode: 2 }),
      )
    const found = yield* search((params) =>
      call(target, (client) => client.companies.list({ urlParams: defined({ q: text, ...params }) })),
    )
    const wanted = text.toLowerCase()
    const bySlug = found.filter((company) => company.slug === wanted)
    if (bySlug[0] !== undefined) return bySlug[0]
    const byName = found.filter((company) => company.name.toLowerCase() === wanted)
    if (byName.length > 1)
      return yield* Effect.fail(
        ambiguous(
          `${byName.length} companies are named "${text}": ${byName
            .map((company) => company.slug)
            .sort()
            .join(", ")}.`,
          `Pass ${flag} with one of these slugs.`,
        ),
      )
    if (byName[0] !== undefined) return byName[0]
    return yield* Effect.fail(
      new CliError({
        code: "NotFound",
        message: `No company has the slug or name "${text}".`,
        hint: suggest(
          "companies",
          found.map((company) => company.slug),
        ),
      }),
    )
  })

/** A user by id, email or exact name (case-insensitive); a name shared by several is refused. */
export const resolveUser = (
  target: Target,
  what: string,
  ref: string,
): Effect.Effect<UserSummary, CliError> =>
  Effect.gen(function* () {
    const text = ref.trim()
    if (isUuid(text)) {
      const userId = UserId.make(text)
      return yield* call(target, (client) => client.users.get({ path: { userId } }))
    }
    if (text === "")
      return yield* Effect.fail(
        new CliError({ code: "UsageError", message: `${what} needs an email or a user id.`, exitCode: 2 }),
      )
    const found = yield* search((params) =>
      call(target, (client) => client.users.list({ urlParams: defined({ q: text, ...params }) })),
    )
    const wanted = text.toLowerCase()
    const byEmail = found.filter((user) => user.email.toLowerCase() === wanted)
    if (byEmail[0] !== undefined) return byEmail[0]
    const byName = found.filter((user) => user.name.toLowerCase() === wanted)
    if (byName.length > 1)
      return yield* Effect.fail(
        ambiguous(
          `${byName.length} users are named "${text}": ${byName
            .map((user) => user.email)
            .sort()
            .join(", ")}.`,
          "Pass the email (or the id) of the one you mean.",
        ),
      )
    if (byName[0] !== undefined) return byName[0]
    return yield* Effect.fail(
      new CliError({
        code: "NotFound",
        message: text.includes("@")
          ? `No user has the email ${text}.`
          : `No user has the email or name "${text}".`,
        hint: suggest(
          "users",
          found.map((user) => user.email),
        ),
      }),
    )
  })

/** How a resolved company is named in result lines. */
export const companyLabel = (company: Pick<Company, "name" | "slug">): string =>
  `${company.name} (${company.slug})`
