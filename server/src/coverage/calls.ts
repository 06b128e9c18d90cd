import { Effect } from "effect"
import type { Call, CoverageRepo } from "./repo.js"

/**
 * A call is an analyst's rating and target on a ticker. `CoverageRepo.writeCall` writes one, with
 * its history row, in the caller's transaction: by hand (coverage/service.ts) or when a report
 * that carries a rating or target is published (releases/publish.ts), so a publish and its
 * coverage change land together or not at all.
 */

export const sameCall = (a: Call, b: Call): boolean =>
  a.rating === b.rating && a.targetPrice === b.targetPrice && a.targetCurrency === b.targetCurrency

/**
 * Applies the calls of reports being published: each report's first ticker and first author
 * (the covering analyst). A report with a rating or a target changes the call (a target alone
 * keeps the rating; a rating alone keeps the target; a first call initiates coverage, "not
 * rated" when only a target is given) and becomes the row's last report; a report that changes
 * nothing still becomes the last report of a row that exists. Returns how many calls changed.
 */
export const applyReportCalls = (repo: CoverageRepo, reportIds: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    if (reportIds.length === 0) return 0
    const reports = yield* repo.reportCalls(reportIds)
    let changed = 0
    for (const report of reports) {
      if (report.rating === null && report.targetPrice === null) {
        yield* repo.setLastReportIfActive(report.id, report.symbol, report.analystId)
        continue
      }
      const stored = yield* repo.lockCall(report.symbol, report.analystId)
      const active = stored !== undefined && stored.droppedAt === null
      const to: Call = {
        rating: report.rating ?? (active ? stored.rating : "not_rated"),
        targetPrice: report.targetPrice ?? (active ? stored.targetPrice : null),
        targetCurrency:
          report.targetPrice !== null
            ? (report.targetCurrency ?? report.tickerCurrency)
            : active
              ? stored.targetCurrency
              : null,
      }
      if (active && sameCall(stored, to)) {
        yield* repo.setLastReport(report.id, report.symbol, report.analystId)
        continue
      }
      yield* repo.writeCall({
        symbol: report.symbol,
        analystId: report.analystId,
        kind: active ? "change" : "initiate",
        by: report.analystId,
        from: active ? stored : null,
        to,
        reportId: report.id,
        note: null,
      })
      changed += 1
    }
    return changed
  })
