import { Badge, Stack, Tabs, useMantineTheme } from "@mantine/core"
import { useDocumentTitle, useMediaQuery } from "@mantine/hooks"
import { useQuery } from "@tanstack/react-query"
import type { ReactNode } from "react"
import { configSnapshotQueryOptions } from "../../../../api/config"
import type { AuditFilters } from "../../../../api/controlPanel"
import { ActivityIcon, AlertIcon, HistoryIcon, ToolIcon, UsersIcon } from "../../../../components/icons"
import { PageHeader } from "../directory/layout"
import { AuditPanel } from "./AuditPanel"
import { FailedDeliveriesSection } from "./FailedDeliveriesSection"
import { FailedJobsSection } from "./FailedJobsSection"
import { FailedMailSection } from "./FailedMailSection"
import { HealthPanel } from "./HealthPanel"
import { MaintenancePanel } from "./MaintenancePanel"
import { SessionsPanel } from "./SessionsPanel"
import { type ControlPanelSearch, type ControlPanelTab, controlPanelTabs } from "./search"

const auditFiltersOf = (search: ControlPanelSearch): AuditFilters => ({
  actor: search.actor,
  action: search.action,
  targetType: search.targetType,
  targetId: search.targetId,
  from: search.from,
  to: search.to,
})

/** Whether maintenance is on, for the tab's badge; quiet while the snapshot loads or fails. */
const MaintenanceBadge = () => {
  const snapshot = useQuery(configSnapshotQueryOptions())
  const on = snapshot.data?.entries.some(
    (entry) => entry.key === "maintenance.enabled" && entry.value === true,
  )
  return on ? (
    <Badge size="xs" color="orange" variant="filled" radius="sm" aria-label="(on)">
      On
    </Badge>
  ) : null
}

/**
 * `/control-panel` (admins): the installation's health, work that failed for good, every active
 * session, the audit log and the maintenance switch, each in a tab whose choice is in the URL.
 */
export const ControlPanelScreen = ({
  search,
  onSearchChange,
}: {
  readonly search: ControlPanelSearch
  readonly onSearchChange: (next: ControlPanelSearch) => void
}) => {
  useDocumentTitle("Control panel · Folio")
  const theme = useMantineTheme()
  const isPhone = useMediaQuery(`(width < ${theme.breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  })
  // On a phone the five tabs go without their icons, on two lines rather than out of sight.
  const icon = (glyph: ReactNode) => (isPhone ? undefined : glyph)
  const tab: ControlPanelTab = search.tab ?? "health"
  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title="Control panel"
        description="How the installation is doing, what failed, who is signed in, what changed, and maintenance."
      />
      <Tabs
        value={tab}
        onChange={(next) => {
          const found = controlPanelTabs.find((candidate) => candidate === next)
          if (found !== undefined) onSearchChange({ ...search, tab: found === "health" ? undefined : found })
        }}
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: isPhone ? "wrap" : "nowrap" }}>
          <Tabs.Tab value="health" leftSection={icon(<ActivityIcon size={16} />)}>
            Health
          </Tabs.Tab>
          <Tabs.Tab value="work" leftSection={icon(<AlertIcon size={16} />)}>
            {isPhone ? "Failures" : "Jobs & deliveries"}
          </Tabs.Tab>
          <Tabs.Tab value="sessions" leftSection={icon(<UsersIcon size={16} />)}>
            Sessions
          </Tabs.Tab>
          <Tabs.Tab value="audit" leftSection={icon(<HistoryIcon size={16} />)}>
            {isPhone ? "Audit" : "Audit log"}
          </Tabs.Tab>
          <Tabs.Tab
            value="maintenance"
            leftSection={icon(<ToolIcon size={16} />)}
            rightSection={<MaintenanceBadge />}
          >
            Maintenance
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="health" pt="lg">
          <HealthPanel />
        </Tabs.Panel>
        <Tabs.Panel value="work" pt="lg">
          <Stack gap="lg">
            <FailedJobsSection />
            <FailedDeliveriesSection />
            <FailedMailSection />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="sessions" pt="lg">
          <SessionsPanel q={search.q} onSearch={(q) => onSearchChange({ ...search, q })} />
        </Tabs.Panel>
        <Tabs.Panel value="audit" pt="lg">
          <AuditPanel
            filters={auditFiltersOf(search)}
            onFiltersChange={(filters) => onSearchChange({ tab: search.tab, q: search.q, ...filters })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="maintenance" pt="lg">
          <MaintenancePanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  )
}
