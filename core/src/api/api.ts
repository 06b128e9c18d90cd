import { HttpApi, OpenApi } from "@effect/platform"
import pkg from "../../package.json" with { type: "json" }
import {
  ConfigMissing,
  InternalServerError,
  MaintenanceMode,
  PayloadTooLarge,
  ServiceUnavailable,
  UnrecognizedAction,
} from "../errors.js"
import { AuditGroup } from "./audit.js"
import { AuthGroup } from "./auth.js"
import { ChannelsGroup } from "./channels.js"
import { CompaniesGroup } from "./companies.js"
import { ConfigGroup, SiteGroup } from "./config.js"
import { ControlPanelGroup } from "./controlPanel.js"
import { CoverageGroup } from "./coverage.js"
import { DashboardGroup } from "./dashboard.js"
import { ErrorReportsGroup } from "./errorReports.js"
import { HealthGroup } from "./health.js"
import { InvitesGroup } from "./invites.js"
import { KpisGroup } from "./kpis.js"
import { ProfileGroup } from "./profile.js"
import { AnalyticsGroup, ReadershipGroup } from "./readership.js"
import { ReleasesGroup } from "./releases.js"
import { ReportsGroup } from "./reports.js"
import { SearchGroup } from "./search.js"
import { SessionGroup } from "./session.js"
import { TeamsGroup } from "./teams.js"
import { TickersGroup } from "./tickers.js"
import { TokensGroup } from "./tokens.js"
import { UsersGroup } from "./users.js"

export const apiPrefix = "/api"

/** The whole HTTP contract: server handlers, typed clients and the OpenAPI document derive from it. */
export class FolioApi extends HttpApi.make("folio")
  .add(HealthGroup)
  .add(SessionGroup)
  .add(AuthGroup)
  .add(TokensGroup)
  .add(CompaniesGroup)
  .add(TeamsGroup)
  .add(UsersGroup)
  .add(InvitesGroup)
  .add(ProfileGroup)
  .add(AuditGroup)
  .add(TickersGroup)
  .add(CoverageGroup)
  .add(KpisGroup)
  .add(ReportsGroup)
  .add(ReleasesGroup)
  .add(ChannelsGroup)
  .add(SearchGroup)
  .add(ErrorReportsGroup)
  .add(ConfigGroup)
  .add(SiteGroup)
  .add(ControlPanelGroup)
  .add(ReadershipGroup)
  .add(AnalyticsGroup)
  .add(DashboardGroup)
  .addError(UnrecognizedAction)
  .addError(PayloadTooLarge)
  .addError(InternalServerError)
  .addError(MaintenanceMode)
  .addError(ConfigMissing)
  // What a server answers while it starts or stops (see the server's answerUntilServing).
  .addError(ServiceUnavailable)
  .prefix(apiPrefix)
  .annotate(OpenApi.Title, "Folio API")
  .annotate(OpenApi.Version, pkg.version)
  .annotate(
    OpenApi.Description,
    "Research publishing and distribution. Authenticate with the session cookie (console) or `Authorization: Bearer` (CLI, CI).",
  ) {}
