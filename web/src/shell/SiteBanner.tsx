import type { Me } from "@folio/core"
import { Alert, Anchor, Stack, Text } from "@mantine/core"
import { useQuery } from "@tanstack/react-query"
import { Link, useNavigate, useRouterState } from "@tanstack/react-router"
import { useEffect } from "react"
import { siteStatusQueryOptions } from "../api/config"
import { AlertIcon, ToolIcon } from "../components/icons"
import { worksDuringMaintenance } from "../routing/siteGate"

/** How often the signed-in console looks at the site status (banner and maintenance). */
const statusRecheckMs = 30_000

/**
 * The lines above every signed-in screen: maintenance is on (admins, who keep working), and the
 * admins' banner (`banner.message`, everyone). Maintenance switched on while someone other than an
 * admin is here sends them to its page, even before their next call is refused.
 */
export const SiteBanner = ({ me }: { readonly me: Me }) => {
  const { data: status } = useQuery({ ...siteStatusQueryOptions(), refetchInterval: statusRecheckMs })
  const navigate = useNavigate()
  const href = useRouterState({ select: (state) => state.location.href })
  const admin = worksDuringMaintenance(me)
  const maintenance = status?.maintenance.enabled === true
  const turnedAway = maintenance && !admin

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when maintenance starts, not on every move
  useEffect(() => {
    if (turnedAway) void navigate({ to: "/maintenance", search: { from: href }, replace: true })
  }, [turnedAway])

  const banner = status?.banner ?? null
  if (!(maintenance && admin) && banner === null) return null
  return (
    <Stack gap="xs" mb="md">
      {maintenance && admin && (
        <Alert color="orange" variant="light" icon={<ToolIcon />} role="note" aria-label="Maintenance notice">
          <Text fz="sm" fw={500}>
            Maintenance is on — readers see the maintenance page.{" "}
            <Anchor component={Link} to="/control-panel" fz="sm" fw={500}>
              Switch it off in the control panel
            </Anchor>
          </Text>
        </Alert>
      )}
      {banner !== null && (
        <Alert color="indigo" variant="light" icon={<AlertIcon />} role="note" aria-label="Announcement">
          <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
            {banner}
          </Text>
        </Alert>
      )}
    </Stack>
  )
}
