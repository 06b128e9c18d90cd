import type {
  Blackout,
  BlackoutId,
  BlackoutInput,
  Release,
  Report,
  ReportId,
  RestrictedTicker,
} from "@folio/core"
import { keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query"
import { callApi } from "./client"
import { reportKeys } from "./reports"

/** An instant range of the agenda; absent bounds are the server's defaults. */
export interface ScheduleRange {
  readonly from?: Date | undefined
  readonly to?: Date | undefined
}

export const releaseKeys = {
  all: ["releases"] as const,
  schedules: () => [...releaseKeys.all, "schedule"] as const,
  schedule: (range: ScheduleRange) =>
    [...releaseKeys.schedules(), range.from?.toISOString() ?? null, range.to?.toISOString() ?? null] as const,
  blackouts: () => [...releaseKeys.all, "blackouts"] as const,
  blackoutsFrom: (from: Date | undefined) =>
    [...releaseKeys.blackouts(), from?.toISOString() ?? null] as const,
  restricted: () => [...releaseKeys.all, "restricted"] as const,
}

const rangeParams = (range: ScheduleRange) => ({
  ...(range.from === undefined ? {} : { from: range.from }),
  ...(range.to === undefined ? {} : { to: range.to }),
})

/** Every scheduled release (held ones with their reason) and those released within the range. */
export const scheduleQueryOptions = (range: ScheduleRange) =>
  queryOptions({
    queryKey: releaseKeys.schedule(range),
    queryFn: (): Promise<ReadonlyArray<Release>> =>
      callApi((client) => client.releases.schedule({ urlParams: rangeParams(range) })),
    // Moving to the next month keeps this one on screen until that one is in.
    placeholderData: keepPreviousData,
  })

/** Blackout periods that have not ended by `from` (default: now). */
export const blackoutsQueryOptions = (from?: Date) =>
  queryOptions({
    queryKey: releaseKeys.blackoutsFrom(from),
    queryFn: (): Promise<ReadonlyArray<Blackout>> =>
      callApi((client) => client.releases.blackouts({ urlParams: from === undefined ? {} : { from } })),
    placeholderData: keepPreviousData,
  })

export const restrictedQueryOptions = () =>
  queryOptions({
    queryKey: releaseKeys.restricted(),
    queryFn: (): Promise<ReadonlyArray<RestrictedTicker>> =>
      callApi((client) => client.releases.restricted()),
  })

/** Schedules an approved report, or moves a scheduled one; `version` guards against a stale view. */
export const setSchedule = (reportId: ReportId, releaseAt: Date, version?: number): Promise<Report> =>
  callApi((client) =>
    client.releases.setSchedule({
      path: { reportId },
      payload: version === undefined ? { releaseAt } : { releaseAt, version },
    }),
  )

export const unsetSchedule = (reportId: ReportId): Promise<Report> =>
  callApi((client) => client.releases.unsetSchedule({ path: { reportId } }))

export const addBlackout = (payload: BlackoutInput): Promise<Blackout> =>
  callApi((client) => client.releases.addBlackout({ payload }))

export const removeBlackout = (blackoutId: BlackoutId): Promise<void> =>
  callApi((client) => client.releases.removeBlackout({ path: { blackoutId } }))

export const restrictTicker = (symbol: string, reason: string): Promise<RestrictedTicker> =>
  callApi((client) => client.releases.restrict({ path: { symbol }, payload: { reason } }))

export const unrestrictTicker = (symbol: string): Promise<void> =>
  callApi((client) => client.releases.unrestrict({ path: { symbol } }))

/**
 * After a report's release changed: the agenda, the report itself and the lists that show its
 * status. Awaited, so the screen shows the new state when the mutation settles.
 */
export const afterReleaseChange = (queryClient: QueryClient, report: Report): Promise<unknown> => {
  queryClient.setQueryData(reportKeys.detail(report.id), report)
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: releaseKeys.schedules() }),
    queryClient.invalidateQueries({ queryKey: reportKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: reportKeys.revisions(report.id) }),
  ])
}
