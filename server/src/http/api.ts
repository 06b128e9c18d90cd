import { HttpApiBuilder, HttpServerRequest } from "@effect/platform"
import { FolioApi, UnrecognizedAction, unrecognizedActionText } from "@folio/core"
import { Effect, Layer } from "effect"
import { AiRuns } from "../ai/runs.js"
import { Audit } from "../audit/audit.js"
import { ApiTokens } from "../auth/apiTokens.js"
import { AuthenticationLive } from "../auth/authentication.js"
import { EmailAuth } from "../auth/emailAuth.js"
import { RateLimits } from "../auth/rateLimits.js"
import { Sessions } from "../auth/sessions.js"
import { Sso } from "../auth/sso.js"
import { Channels } from "../channels/service.js"
import { Companies } from "../companies/service.js"
import { FailedWork } from "../controlPanel/failedWork.js"
import { ControlPanelHealthCheck } from "../controlPanel/health.js"
import { ServerInstance } from "../controlPanel/instances.js"
import { ActiveSessions } from "../controlPanel/sessions.js"
import { CoverageService } from "../coverage/service.js"
import { ErrorIssues } from "../errorReports/issues.js"
import { ErrorReportSettingsStore } from "../errorReports/settings.js"
import { Traces } from "../errorReports/traces.js"
import { FeedTokens } from "../feeds/tokens.js"
import { KpiImporter } from "../kpis/importer.js"
import { KpisRepo } from "../kpis/repo.js"
import { Podcasts } from "../podcasts/service.js"
import { Profiles } from "../profile/service.js"
import { ReleaseRules } from "../releases/rules.js"
import { Releases } from "../releases/service.js"
import { ReportImporter } from "../reports/importer.js"
import { ReportsRepo } from "../reports/repo.js"
import { Reports } from "../reports/service.js"
import { Search } from "../search/service.js"
import { Teams } from "../teams/service.js"
import { Tickers } from "../tickers/service.js"
import { UsersRepo } from "../users/repo.js"
import { Users } from "../users/service.js"
import { AiLive } from "./ai.js"
import { AuditLive } from "./audit.js"
import { AuthLive } from "./auth.js"
import { ChannelsLive } from "./channels.js"
import { CompaniesLive } from "./companies.js"
import { ConfigGroupLive, SiteLive } from "./config.js"
import { ControlPanelLive } from "./controlPanel.js"
import { CoverageLive } from "./coverage.js"
import { DashboardLive } from "./dashboard.js"
import { ErrorReportsLive } from "./errorReports.js"
import { HealthLive } from "./health.js"
import { InvitesLive } from "./invites.js"
import { KpisLive } from "./kpis.js"
import { PodcastsLive } from "./podcasts.js"
import { ProfileLive } from "./profile.js"
import { AnalyticsLive, ReadershipLive } from "./readership.js"
import { ReleasesLive } from "./releases.js"
import { ReportsLive } from "./reports.js"
import { SearchLive } from "./search.js"
import { SessionLive } from "./session.js"
import { TeamsLive } from "./teams.js"
import { TickersLive } from "./tickers.js"
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

/**
 * Every service a handler or the authentication middleware uses. Each `X.Default` brings its own
 * dependencies (`dependencies` on its `Effect.Service`), so the order here does not matter; a
 * layer named twice, here or in a `dependencies` list, is the same value and is built once, so a
 * service with state (the rate limits, the search's oldest-year cache) is one instance.
 * What they need from outside is the app's: the database, AppConfig and the configuration store.
 */
const ServicesLive = Layer.mergeAll(
  AuthenticationLive,
  Sessions.Default,
  ApiTokens.Default,
  EmailAuth.Default,
  Sso.Default,
  RateLimits.Default,
  Profiles.Default,
  Audit.Default,
  Companies.Default,
  Teams.Default,
  Users.Default,
  UsersRepo.Default,
  Tickers.Default,
  CoverageService.Default,
  KpisRepo.Default,
  KpiImporter.Default,
  Reports.Default,
  ReportsRepo.Default,
  ReportImporter.Default,
  Releases.Default,
  ReleaseRules.Default,
  Channels.Default,
  Podcasts.Default,
  FeedTokens.Default,
  Search.Default,
  ErrorIssues.Default,
  Traces.Default,
  ErrorReportSettingsStore.Default,
  ControlPanelHealthCheck.Default,
  ServerInstance.Default,
  FailedWork.Default,
  ActiveSessions.Default,
  AiRuns.Default,
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
    TickersLive,
    CoverageLive,
    KpisLive,
    ReportsLive,
    ReleasesLive,
    ChannelsLive,
    PodcastsLive,
    SearchLive,
    ErrorReportsLive,
    ConfigGroupLive,
    SiteLive,
    ControlPanelLive,
    ReadershipLive,
    AnalyticsLive,
    DashboardLive,
    AiLive,
  ]),
  Layer.provide(ServicesLive),
  Layer.merge(UnrecognizedActionLive),
)
