import { HttpApiMiddleware, HttpApiSecurity, OpenApi } from "@effect/platform"
import { Context, type Option, Schema } from "effect"
import type { TokenScope } from "../domain/apiToken.js"
import type { CompanySummary } from "../domain/company.js"
import type { User } from "../domain/user.js"
import { Forbidden, MaintenanceMode, Unauthorized } from "../errors.js"

export const sessionCookieName = "folio_session"
export const csrfHeaderName = "x-folio-csrf"
/** Readable by the console's scripts, which echo it in `x-folio-csrf`; the session cookie is not. */
export const csrfCookieName = "folio_csrf"
export const deploymentHeaderName = "x-folio-deployment"

/** Who is calling, resolved once per request by the Authentication middleware. */
export interface Actor {
  readonly user: User
  readonly company: CompanySummary
  readonly sessionId: Option.Option<string>
  readonly csrfToken: string | null
  readonly via: "cookie" | "bearer" | "token"
  /** What this credential may do on top of the role: sessions carry every scope, API tokens their own. */
  readonly scopes: ReadonlyArray<TokenScope>
}

export class CurrentActor extends Context.Tag("@folio/core/CurrentActor")<CurrentActor, Actor>() {}

export const sessionCookie = HttpApiSecurity.apiKey({ in: "cookie", key: sessionCookieName }).pipe(
  HttpApiSecurity.annotate(
    OpenApi.Description,
    "Browser session set by POST /api/session. Writes also need the x-folio-csrf header.",
  ),
)

export const bearerToken = HttpApiSecurity.bearer.pipe(
  HttpApiSecurity.annotate(OpenApi.Description, "A CLI session or API token: `Authorization: Bearer …`"),
)

export class Authentication extends HttpApiMiddleware.Tag<Authentication>()("Authentication", {
  failure: Schema.Union(Unauthorized, Forbidden, MaintenanceMode),
  provides: CurrentActor,
  security: { bearerToken, sessionCookie },
}) {}
