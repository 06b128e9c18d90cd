import type { ReportId } from "@folio/core"
import { useSuspenseQuery } from "@tanstack/react-query"
import { useEffect } from "react"
import { meQueryOptions } from "../api/session"
import { onFirstScreen } from "../routing/firstScreen"

/**
 * Records the signed-in person's visit of a report page (`report_view`, then `report_read` after
 * 16 s visible); `null` records nothing. The tracker loads after the first screen, so it adds
 * nothing to the page's first load; the visit counts from when the page was opened.
 */
export const useReportReadership = (reportId: ReportId | null): void => {
  const userId = useSuspenseQuery(meQueryOptions()).data.user.id
  useEffect(() => {
    if (reportId === null) return
    const openedAt = Date.now()
    let live = true
    let end: (() => void) | undefined
    const cancel = onFirstScreen(() => {
      import("./tracker").then(
        ({ trackReport }) => {
          if (live) end = trackReport({ reportId, userId, openedAt })
        },
        (error: unknown) => console.warn("Folio: the readership tracker did not load", error),
      )
    })
    return () => {
      live = false
      cancel()
      end?.()
    }
  }, [reportId, userId])
}
