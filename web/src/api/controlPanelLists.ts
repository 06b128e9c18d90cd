import type {
  ActiveSessionPage,
  AuditFilterParams,
  AuditPage,
  FailedJobPage,
  FailedMailPage,
  JobId,
  MailId,
} from "@folio/core"
import { infiniteQueryOptions, keepPreviousData } from "@tanstack/react-query"
import { type AuditFilters, controlPanelKeys } from "./controlPanel"
import { lazyApi } from "./lazy"

/** The control panel's lists: failed jobs and mail with retry, active sessions, the audit log. */

export const failedPageSize = 25

export const failedJobsInfiniteQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: controlPanelKeys.failedJobs(),
    queryFn: ({ pageParam }): Promise<FailedJobPage> =>
      lazyApi((client) =>
        client.controlPanel.failedJobs({
          urlParams: { limit: failedPageSize, ...(pageParam === null ? {} : { cursor: pageParam }) },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  })

export const failedMailInfiniteQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: controlPanelKeys.failedMail(),
    queryFn: ({ pageParam }): Promise<FailedMailPage> =>
      lazyApi((client) =>
        client.controlPanel.failedMail({
          urlParams: { limit: failedPageSize, ...(pageParam === null ? {} : { cursor: pageParam }) },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  })

export const retryJobs = (ids: ReadonlyArray<JobId>): Promise<number> =>
  lazyApi((client) => client.controlPanel.retryJobs({ payload: { ids } })).then((answer) => answer.retried)

export const retryMail = (ids: ReadonlyArray<MailId>): Promise<number> =>
  lazyApi((client) => client.controlPanel.retryMail({ payload: { ids } })).then((answer) => answer.retried)

export const sessionPageSize = 25

/** Live sessions of everyone, most recently active first; `q` narrows to a person's email or name. */
export const activeSessionsInfiniteQueryOptions = (q: string | undefined) =>
  infiniteQueryOptions({
    queryKey: controlPanelKeys.sessionList(q),
    queryFn: ({ pageParam }): Promise<ActiveSessionPage> =>
      lazyApi((client) =>
        client.controlPanel.sessions({
          urlParams: {
            limit: sessionPageSize,
            ...(q === undefined ? {} : { q }),
            ...(pageParam === null ? {} : { cursor: pageParam }),
          },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

/** Local midnight of a `YYYY-MM-DD` day, or of the day after it (`dayAfter`). */
const localDay = (day: string, dayAfter: boolean): Date | undefined => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) return undefined
  // setFullYear, not the constructor, which reads years 0–99 as 1900–1999.
  const date = new Date(2000, 0, 1)
  date.setFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (dayAfter ? 1 : 0))
  return Number.isNaN(date.getTime()) ? undefined : date
}

/** The API's filters for the URL's: days become the instants that bound them in this browser's zone. */
export const auditParams = (filters: AuditFilters): AuditFilterParams => {
  const from = filters.from === undefined ? undefined : localDay(filters.from, false)
  const to = filters.to === undefined ? undefined : localDay(filters.to, true)
  return {
    ...(filters.actor === undefined ? {} : { actor: filters.actor }),
    ...(filters.action === undefined ? {} : { action: filters.action }),
    ...(filters.targetType === undefined ? {} : { targetType: filters.targetType }),
    ...(filters.targetId === undefined ? {} : { targetId: filters.targetId }),
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
  }
}

export const auditPageSize = 50

export const auditInfiniteQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: controlPanelKeys.auditList(filters),
    queryFn: ({ pageParam }): Promise<AuditPage> =>
      lazyApi((client) =>
        client.audit.list({
          urlParams: {
            ...auditParams(filters),
            limit: auditPageSize,
            ...(pageParam === null ? {} : { cursor: pageParam }),
          },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

/** Where the browser downloads the filtered log as CSV (same origin, the session cookie). */
export const auditExportHref = (filters: AuditFilters): string => {
  const params = auditParams(filters)
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value instanceof Date) query.set(key, value.toISOString())
    else if (typeof value === "string") query.set(key, value)
  }
  const text = query.toString()
  return `/api/audit/export${text === "" ? "" : `?${text}`}`
}
