import { ratingDistributionDisclosure, standardDisclosures } from "@folio/core"
import { Effect } from "effect"
import type { DeliveriesRepo } from "../channels/deliveriesRepo.js"
import { applyReportCalls } from "../coverage/calls.js"
import type { CoverageRepo } from "../coverage/repo.js"
import { publishFollowingEpisodes } from "../podcasts/repo.js"
import type { Published, ReleasesRepo } from "./repo.js"

/** The repositories a publish writes through, each on the caller's transaction. */
export interface PublishRepos {
  readonly releases: ReleasesRepo
  readonly coverage: CoverageRepo
  readonly deliveries: DeliveriesRepo
}

/**
 * Publishes reports in the caller's transaction: the coverage calls they carry (their first
 * ticker, by their first author), status, time, disclosures (with the rating distribution once
 * those calls are in), the late flag when one went out over a minute after its release time or
 * after being held, and their deliveries. A report's release job stays queued unless this is it;
 * callers remove it (`release:<id>`).
 */
export const publishReports = (repos: PublishRepos, reportIds: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    if (reportIds.length === 0) return { published: [] as ReadonlyArray<Published>, deliveries: 0 }
    yield* applyReportCalls(repos.coverage, reportIds)
    const distribution = ratingDistributionDisclosure(yield* repos.coverage.ratingDistribution)
    const disclosures =
      distribution === null ? standardDisclosures : `${standardDisclosures}\n\n${distribution}`
    const published = yield* repos.releases.publish(reportIds, disclosures)
    yield* publishFollowingEpisodes(reportIds)
    const deliveries = yield* repos.deliveries.createForReports(reportIds, "report.published", 0, null)
    return { published, deliveries }
  }).pipe(Effect.orDie)
