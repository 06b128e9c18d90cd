import { Anchor, Button, Group, Text } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useQuery } from "@tanstack/react-query"
import { Link, useNavigate } from "@tanstack/react-router"
import { useEffect } from "react"
import { siteStatusQueryOptions } from "../../../api/config"
import { meQueryOptions } from "../../../api/session"
import { ReloadIcon, ToolIcon } from "../../../components/icons"
import { worksDuringMaintenance } from "../../../routing/siteGate"
import { GateLayout } from "./GateLayout"
import { recheckMs, useRecheck } from "./recheck"

/**
 * What signed-in people other than admins see while maintenance is on: the admins' message, and a
 * way back that needs no reload. The site status is asked again every few seconds (it answers
 * during maintenance); once maintenance is off the console returns to where the person was.
 */
export const MaintenanceScreen = ({ from }: { readonly from?: string | undefined }) => {
  useDocumentTitle("Maintenance · Folio")
  const navigate = useNavigate()
  const status = useQuery({ ...siteStatusQueryOptions(), refetchInterval: recheckMs })
  // The session answers during maintenance; an admin who lands here is told the console is theirs.
  const me = useQuery({ ...meQueryOptions(), retry: false })
  const { checking, recheck } = useRecheck(status.refetch)
  const back = from ?? "/"
  const over = status.data !== undefined && !status.data.maintenance.enabled

  useEffect(() => {
    if (over) void navigate({ href: back, replace: true })
  }, [over, back, navigate])

  return (
    <GateLayout icon={<ToolIcon size={24} />} color="orange" title="Folio is under maintenance">
      <Text fz="lg" data-testid="maintenance-message" style={{ overflowWrap: "anywhere" }}>
        {status.data?.maintenance.message ?? "Folio is being updated."}
      </Text>
      <Text c="dimmed" fz="sm" role="status">
        {over
          ? "Maintenance is over. Taking you back…"
          : "This page checks every few seconds and takes you back as soon as Folio is ready."}
      </Text>
      {me.data !== undefined && worksDuringMaintenance(me.data) && (
        <Text fz="sm">
          You are an admin, so the console keeps working for you.{" "}
          <Anchor component={Link} to="/dashboard">
            Go to the console
          </Anchor>
        </Text>
      )}
      <Group justify="space-between" gap="sm">
        <Button leftSection={<ReloadIcon size={16} />} loading={checking} onClick={recheck}>
          Try again
        </Button>
        {me.data !== undefined && (
          <Anchor component={Link} to="/sign-out" fz="sm">
            Sign out
          </Anchor>
        )}
      </Group>
    </GateLayout>
  )
}
