import type { Health, Me } from "@folio/core"
import { Effect, Either } from "effect"
import { call, resolveTarget, type Target, type TokenSource, timed, type UrlSource } from "../api.js"
import type { CliError } from "../cliError.js"
import { cliVersion } from "../version.js"

/** Everything `folio doctor` found out; `--json` prints it as is. */
export interface DoctorReport {
  readonly ok: boolean
  readonly url: string
  readonly urlSource: UrlSource
  readonly cli: { readonly version: string }
  readonly server: {
    readonly reachable: boolean
    readonly responseMs: number | null
    readonly version: string | null
    readonly deploymentId: string | null
    readonly uptimeSeconds: number | null
  }
  readonly database: {
    readonly ok: boolean
    readonly latencyMs: number | null
    readonly engine: string | null
    readonly embedded: boolean | null
    readonly message: string | null
  } | null
  readonly migration: {
    readonly current: string | null
    readonly latest: string
    readonly upToDate: boolean
  } | null
  readonly auth: {
    readonly configured: boolean
    readonly source: TokenSource | null
    /** null when it could not be checked (no credential, or the server is down). */
    readonly accepted: boolean | null
    readonly user: { readonly email: string; readonly name: string; readonly role: string } | null
    readonly company: { readonly name: string; readonly slug: string } | null
    /** Why it was not accepted or not checked, in the server's words. */
    readonly message: string | null
    readonly hint: string | null
  }
  /** One line per failed check, in the order they were checked. */
  readonly problems: ReadonlyArray<string>
  /** Set when the server could not be checked at all (unreachable, not Folio, timed out). */
  readonly error: { readonly code: string; readonly message: string } | null
}

const line = (error: CliError): string => (error.hint ? `${error.message} ${error.hint}` : error.message)

const authFromMe = (target: Target, me: Me): DoctorReport["auth"] => ({
  configured: true,
  source: target.tokenSource,
  accepted: true,
  user: { email: me.user.email, name: me.user.name, role: me.user.role },
  company: { name: me.company.name, slug: me.company.slug },
  message: null,
  hint: null,
})

const checkAuth = (target: Target, healthy: boolean): Effect.Effect<DoctorReport["auth"]> => {
  const none = { user: null, company: null } as const
  if (target.token === null)
    return Effect.succeed({
      configured: false,
      source: null,
      accepted: null,
      message: null,
      hint: null,
      ...none,
    })
  if (!healthy)
    return Effect.succeed({
      configured: true,
      source: target.tokenSource,
      accepted: null,
      message: "not checked while the server is unhealthy",
      hint: null,
      ...none,
    })
  return call(target, (client) => client.session.me()).pipe(
    Effect.map((me) => authFromMe(target, me)),
    Effect.catchAll((error) =>
      Effect.succeed({
        configured: true,
        source: target.tokenSource,
        accepted: error.code === "Unauthorized" || error.code === "Forbidden" ? false : null,
        message: error.message,
        hint: error.hint ?? null,
        ...none,
      }),
    ),
  )
}

const credentialName = (source: TokenSource | null): string =>
  source === "env" ? "FOLIO_TOKEN" : "The stored credential"

/** Checks the server, its database and migrations, and — when one is configured — the credential. */
export const doctor = (flags: { readonly url?: string | undefined }): Effect.Effect<DoctorReport, CliError> =>
  Effect.gen(function* () {
    const target = yield* resolveTarget(flags)
    // Node loads its fetch implementation on first use, which takes tens of milliseconds; do that
    // before the clock starts so `responseMs` measures the server, not this process warming up.
    yield* Effect.tryPromise(() => fetch("data:,").then((response) => response.arrayBuffer())).pipe(
      Effect.ignore,
    )
    const health = yield* call(target, (client) => timed(client.health.health())).pipe(Effect.either)
    const base = { url: target.url, urlSource: target.urlSource, cli: { version: cliVersion } }

    if (Either.isLeft(health) && health.left.code !== "ServiceUnavailable") {
      const error = health.left
      const reachable =
        error.code !== "Unreachable" && error.code !== "Timeout" && error.code !== "InvalidUrl"
      return {
        ok: false,
        ...base,
        server: { reachable, responseMs: null, version: null, deploymentId: null, uptimeSeconds: null },
        database: null,
        migration: null,
        auth: yield* checkAuth(target, false),
        problems: [line(error)],
        error: { code: error.code, message: line(error) },
      }
    }

    const problems: Array<string> = []
    let server: DoctorReport["server"]
    let database: DoctorReport["database"]
    let migration: DoctorReport["migration"] = null
    if (Either.isLeft(health)) {
      // 503: the server answers but its database does not.
      server = { reachable: true, responseMs: null, version: null, deploymentId: null, uptimeSeconds: null }
      database = { ok: false, latencyMs: null, engine: null, embedded: null, message: health.left.message }
      problems.push(health.left.message)
    } else {
      const [report, responseMs]: readonly [Health, number] = health.right
      server = {
        reachable: true,
        responseMs,
        version: report.version,
        deploymentId: report.deploymentId,
        uptimeSeconds: report.uptimeSeconds,
      }
      database = { ...report.database, message: null }
      if (!report.database.ok) problems.push(`The database did not answer (${report.database.engine}).`)
      const upToDate = report.migration.current === report.migration.latest
      migration = { ...report.migration, upToDate }
      if (!upToDate)
        problems.push(
          `The database schema is at ${report.migration.current ?? "no migration"}, the server expects ${report.migration.latest}. Restart the server (or run \`npm run migrate\`) to apply migrations.`,
        )
    }

    const auth = yield* checkAuth(target, problems.length === 0)
    const hint = auth.hint === null ? "" : ` ${auth.hint}`
    if (auth.configured && auth.accepted === false)
      problems.push(
        `${credentialName(auth.source)} was not accepted: ${auth.message ?? "unauthorized"}${hint}`,
      )
    else if (auth.configured && auth.accepted === null && problems.length === 0)
      problems.push(
        `${credentialName(auth.source)} could not be checked: ${auth.message ?? "unknown error"}${hint}`,
      )

    return { ok: problems.length === 0, ...base, server, database, migration, auth, problems, error: null }
  })
