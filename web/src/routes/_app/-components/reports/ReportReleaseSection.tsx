import { can, type Report } from "@folio/core"
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core"
import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import { scheduleQueryOptions } from "../../../../api/releases"
import { deferred } from "../../../../components/deferred"
import { InfoList } from "../../../-components/InfoList"
import { AnchorLink } from "../directory/AnchorLink"
import { SectionPending } from "../directory/layout"
import { useMe } from "../directory/permissions"
import { ReleaseErrorAlert } from "../releases/ReleaseBlockedAlert"
import { ScheduleDialog } from "../releases/ScheduleDialog"
import { useUnschedule } from "../releases/useReleaseActions"
import { useViewerZone } from "../releases/useViewerZone"
import { formatDateTimeIn, zoneLabel } from "../releases/zone"
import { audienceLabel } from "./format"

const minute = 60_000

/** The audience entries sharing one embargo delay: one delivery tier each. */
export const tiersOf = (report: Report) => {
  const tiers = new Map<number, Array<string>>()
  for (const entry of report.audience) {
    tiers.set(entry.embargoHours, [
      ...(tiers.get(entry.embargoHours) ?? []),
      audienceLabel({ ...entry, embargoHours: 0 }),
    ])
  }
  return [...tiers.entries()].sort(([a], [b]) => a - b)
}

/** A published report's deliveries (editors and admins): loaded after the first screen. */
const Deliveries = deferred(
  () => import("./ReportDeliveries").then((module) => module.ReportDeliveries),
  () => <SectionPending label="Loading deliveries…" rows={2} />,
)

/**
 * A report's release: when (in the viewer's zone, named), held or late, its embargo tiers and,
 * for editors, Schedule / Reschedule / Unschedule and the deliveries it made.
 */
export const ReportReleaseSection = ({ report }: { readonly report: Report }) => {
  const me = useMe()
  const zone = useViewerZone()
  const mayManage = can(me.user.role, "reports.schedule")
  const seesDeliveries = can(me.user.role, "channels.manage")
  const [editing, setEditing] = useState(false)
  const unschedule = useUnschedule()
  const published = report.publishedAt
  const relevant =
    report.status === "approved" ||
    report.status === "scheduled" ||
    report.status === "published" ||
    report.status === "archived"
  const release = useQuery({
    ...scheduleQueryOptions(
      published === null
        ? {}
        : { from: new Date(published.getTime() - minute), to: new Date(published.getTime() + minute) },
    ),
    enabled: mayManage && (report.status === "scheduled" || report.status === "published"),
    select: (releases) => releases.find((candidate) => candidate.reportId === report.id),
  })
  if (!relevant) return null
  const at = published ?? report.releaseAt
  const held = release.data?.heldReason ?? null
  const late = release.data?.late ?? false
  const target = { reportId: report.id, title: report.title, version: report.version }
  const tiers = tiersOf(report)
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="report-release">
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm">
        <Title order={2} fz="h5" id="report-release">
          Release
        </Title>
        {late && (
          <Badge variant="light" color="yellow" radius="sm">
            Late
          </Badge>
        )}
      </Group>
      <Stack gap="sm">
        {held !== null && (
          <Alert color="orange" variant="light" title="Held" role="status">
            {held}
          </Alert>
        )}
        <InfoList
          rows={[
            {
              label: published ? "Released" : "Release time",
              value:
                at === null ? (
                  <Text fz="sm" c="dimmed">
                    Not scheduled
                  </Text>
                ) : (
                  <span>
                    {formatDateTimeIn(at, zone)}{" "}
                    <Text component="span" fz="xs" c="dimmed">
                      {zoneLabel(zone, at)}
                    </Text>
                  </span>
                ),
            },
            ...(published &&
            report.releaseAt &&
            Math.abs(report.releaseAt.getTime() - published.getTime()) >= minute
              ? [{ label: "Was due", value: formatDateTimeIn(report.releaseAt, zone) }]
              : []),
            {
              label: "Tiers",
              value:
                tiers.length === 0 ? (
                  <Text fz="sm" c="dimmed">
                    No client audience
                  </Text>
                ) : (
                  <Stack gap={4}>
                    {tiers.map(([hours, who]) => (
                      <div key={hours}>
                        <Text fz="sm" fw={600}>
                          {hours === 0 ? "At release" : `+${hours} h`}
                          {at !== null && hours > 0 && (
                            <Text component="span" fz="xs" c="dimmed" fw={400}>
                              {" "}
                              · {formatDateTimeIn(new Date(at.getTime() + hours * 3_600_000), zone)}
                            </Text>
                          )}
                        </Text>
                        <Text fz="xs" c="dimmed">
                          {who.join(", ")}
                        </Text>
                      </div>
                    ))}
                  </Stack>
                ),
            },
          ]}
        />
        {mayManage && (report.status === "approved" || report.status === "scheduled") && (
          <>
            {unschedule.isError && (
              <ReleaseErrorAlert
                error={unschedule.error}
                title="Not unscheduled"
                onClose={() => unschedule.reset()}
              />
            )}
            <Group gap="xs">
              <Button size="xs" onClick={() => setEditing(true)}>
                {report.status === "approved" ? "Schedule…" : "Reschedule…"}
              </Button>
              {report.status === "scheduled" && (
                <Button
                  size="xs"
                  variant="default"
                  loading={unschedule.isPending}
                  onClick={() => unschedule.mutate(target)}
                >
                  Unschedule
                </Button>
              )}
              <AnchorLink to="/release-schedule" fz="sm">
                Release schedule
              </AnchorLink>
            </Group>
            <ScheduleDialog
              opened={editing}
              onClose={() => setEditing(false)}
              target={target}
              releaseAt={report.releaseAt}
              zone={zone}
            />
          </>
        )}
        {seesDeliveries && (report.status === "published" || report.status === "archived") && (
          <Deliveries report={report} />
        )}
      </Stack>
    </Paper>
  )
}
