import { HttpApi } from "@effect/platform"
import { AiGroup } from "./ai.js"
import { answering } from "./answering.js"
import { AuditGroup } from "./audit.js"
import { ControlPanelGroup } from "./controlPanel.js"
import { DashboardGroup } from "./dashboard.js"
import { ErrorReportsGroup } from "./errorReports.js"
import { PodcastsGroup } from "./podcasts.js"
import { AnalyticsGroup, ReadershipGroup } from "./readership.js"

/**
 * The groups the console loads with the screens that use them (web/src/api/lazyClient.ts), so
 * their schemas are not in its first load: the audit log, the error inbox, the control panel,
 * readership, analytics, the dashboard's own questions, podcasts and the AI playground. A group only a few screens call
 * belongs here.
 */
export class LazyApi extends answering(
  HttpApi.make("folio")
    .add(AuditGroup)
    .add(ErrorReportsGroup)
    .add(ControlPanelGroup)
    .add(ReadershipGroup)
    .add(AnalyticsGroup)
    .add(DashboardGroup)
    .add(PodcastsGroup)
    .add(AiGroup),
) {}
