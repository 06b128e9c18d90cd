import { HttpApi } from "@effect/platform"
import { answering } from "./answering.js"
import { AuthGroup } from "./auth.js"
import { ChannelsGroup } from "./channels.js"
import { CompaniesGroup } from "./companies.js"
import { ConfigGroup, SiteGroup } from "./config.js"
import { CoverageGroup } from "./coverage.js"
import { HealthGroup } from "./health.js"
import { InvitesGroup } from "./invites.js"
import { KpisGroup } from "./kpis.js"
import { ProfileGroup } from "./profile.js"
import { ReleasesGroup } from "./releases.js"
import { ReportsGroup } from "./reports.js"
import { SearchGroup } from "./search.js"
import { SessionGroup } from "./session.js"
import { TeamsGroup } from "./teams.js"
import { TickersGroup } from "./tickers.js"
import { TokensGroup } from "./tokens.js"
import { UsersGroup } from "./users.js"

/**
 * Every group of the contract but those the console loads with the screens that use them
 * (`LazyApi`): what the console's first load holds. `FolioApi` is both.
 */
export class ConsoleApi extends answering(
  HttpApi.make("folio")
    .add(HealthGroup)
    .add(SessionGroup)
    .add(AuthGroup)
    .add(TokensGroup)
    .add(CompaniesGroup)
    .add(TeamsGroup)
    .add(UsersGroup)
    .add(InvitesGroup)
    .add(ProfileGroup)
    .add(TickersGroup)
    .add(CoverageGroup)
    .add(KpisGroup)
    .add(ReportsGroup)
    .add(ReleasesGroup)
    .add(ChannelsGroup)
    .add(SearchGroup)
    .add(ConfigGroup)
    .add(SiteGroup),
) {}
