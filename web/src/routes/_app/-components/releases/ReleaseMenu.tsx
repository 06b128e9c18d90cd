import type { Release } from "@folio/core"
import { Menu } from "@mantine/core"
import { useNavigate } from "@tanstack/react-router"
import { type ReactElement, useState } from "react"
import { PublishNowDialog } from "./PublishNowDialog"
import { ScheduleDialog } from "./ScheduleDialog"
import { type ReleaseTarget, useUnschedule } from "./useReleaseActions"

export const targetOf = (release: Release): ReleaseTarget => ({
  reportId: release.reportId,
  title: release.title,
  version: release.version,
})

/**
 * What an editor can do with one release, from the keyboard as well as the mouse: open the
 * report, edit its time (the keyboard's way to move it), unschedule it or publish it now.
 */
export const ReleaseMenu = ({
  release,
  zone,
  children,
  onError,
}: {
  readonly release: Release
  readonly zone: string
  /** The menu's trigger: a button that names the release. */
  readonly children: ReactElement
  readonly onError: (error: unknown) => void
}) => {
  const navigate = useNavigate()
  const [dialog, setDialog] = useState<"time" | "publish" | null>(null)
  const unschedule = useUnschedule()
  const target = targetOf(release)
  const scheduled = release.status === "scheduled"
  return (
    <>
      <Menu position="bottom-start" withinPortal shadow="md" width={200}>
        <Menu.Target>{children}</Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            onClick={() =>
              void navigate({ to: "/reports/$reportId", params: { reportId: release.reportId } })
            }
          >
            Open report
          </Menu.Item>
          {scheduled && (
            <>
              <Menu.Item onClick={() => setDialog("time")}>Edit time…</Menu.Item>
              <Menu.Item onClick={() => unschedule.mutate(target, { onError })}>Unschedule</Menu.Item>
              <Menu.Divider />
              <Menu.Item onClick={() => setDialog("publish")}>Publish now…</Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      {scheduled && (
        <>
          <ScheduleDialog
            opened={dialog === "time"}
            onClose={() => setDialog(null)}
            target={target}
            releaseAt={release.releaseAt}
            zone={zone}
          />
          <PublishNowDialog opened={dialog === "publish"} onClose={() => setDialog(null)} target={target} />
        </>
      )}
    </>
  )
}
