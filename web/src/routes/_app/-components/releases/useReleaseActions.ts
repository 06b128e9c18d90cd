import type { Report, ReportId } from "@folio/core"
import { notifications } from "@mantine/notifications"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { afterReleaseChange, setSchedule, unsetSchedule } from "../../../../api/releases"
import { transitionReport } from "../../../../api/reports"
import { formatDateTimeIn, zoneLabel } from "./zone"

/** What a release action needs of a report: which one, its title for messages, the version seen. */
export interface ReleaseTarget {
  readonly reportId: ReportId
  readonly title: string
  readonly version: number
}

/** Schedules or moves a release. Failures stay with the caller, which shows them where the user acted. */
export const useReschedule = (zone: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ target, releaseAt }: { readonly target: ReleaseTarget; readonly releaseAt: Date }) =>
      setSchedule(target.reportId, releaseAt, target.version),
    onSuccess: async (report: Report) => {
      await afterReleaseChange(queryClient, report)
      if (report.releaseAt !== null)
        notifications.show({
          color: "teal",
          title: "Release scheduled",
          message: `“${report.title}” goes out ${formatDateTimeIn(report.releaseAt, zone)} ${zoneLabel(zone, report.releaseAt)}.`,
        })
    },
  })
}

export const useUnschedule = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (target: ReleaseTarget) => unsetSchedule(target.reportId),
    onSuccess: async (report: Report) => {
      await afterReleaseChange(queryClient, report)
      notifications.show({
        color: "teal",
        title: "Unscheduled",
        message: `“${report.title}” is approved again, with no release time.`,
      })
    },
  })
}

export const usePublishNow = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (target: ReleaseTarget) => transitionReport(target.reportId, "publish", target.version),
    onSuccess: async (report: Report) => {
      await afterReleaseChange(queryClient, report)
      notifications.show({ color: "teal", title: "Published", message: `“${report.title}” is released.` })
    },
  })
}
