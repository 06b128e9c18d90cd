import { HttpApiBuilder, HttpServerRequest } from "@effect/platform"
import { FolioApi, UnrecognizedAction, unrecognizedActionText } from "@folio/core"
import { Effect, Layer } from "effect"
import { Audit } from "../audit/audit.js"
import { ApiTokens } from "../auth/apiTokens.js"
import { AuthenticationLive } from "../auth/authentication.js"
import { EmailAuth } from "../auth/emailAuth.js"
import { RateLimits } from "../auth/rateLimits.js"
import { Sessions } from "../auth/sessions.js"
import { Sso } from "../auth/sso.js"
import { Companies } from "../companies/service.js"
import { Profiles } from "../profile/service.js"
import { Teams } from "../teams/service.js"
import { UsersRepo } from "../users/repo.js"
import { Users } from "../users/service.js"
import { AuditLive } from "./audit.js"
import { AuthLive } from "./auth.js"
import { CompaniesLive } from "./companies.js"
import { HealthLive } from "./health.js"
import { InvitesLive } from "./invites.js"
import { ProfileLive } from "./profile.js"
import { SessionLive } from "./session.js"
import { TeamsLive } from "./teams.js"
import { TokensLive } from "./tokens.js"
import { UsersLive } from "./users.js"

/** Any /api path the contract does not know: a typed 404 the clients can tell apart. */
const UnrecognizedActionLive = HttpApiBuilder.Router.use((router) =>
  router.all(
    "/api/*",
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const path = new URL(request.url, "http://localhost").pathname
      return yield* new UnrecognizedAction({
        message: unrecognizedActionText(request.method, path),
        method: request.method,
        path,
      })
    }),
  ),
)

export const ApiLive = HttpApiBuilder.api(FolioApi).pipe(
  Layer.provide([
    HealthLive,
    SessionLive,
    AuthLive,
    TokensLive,
    CompaniesLive,
    TeamsLive,
    UsersLive,
    InvitesLive,
    ProfileLive,
    AuditLive,
  ]),
  Layer.provide(AuthenticationLive),
  Layer.provide([EmailAuth.Default, Profiles.Default, Sso.Default]),
  Layer.provide([Sessions.Default, ApiTokens.Default, Audit.Default, RateLimits.Default]),
  Layer.provide([Companies.Default, Teams.Default, Users.Default]),
  Layer.provide(UsersRepo.Default),
  Layer.merge(UnrecognizedActionLive),
)
