import { Stack, Tabs, useMantineTheme } from "@mantine/core"
import { useDocumentTitle, useMediaQuery } from "@mantine/hooks"
import type { ReactNode } from "react"
import { ActivityIcon, AlertIcon, CheckIcon, MuteIcon } from "../../../../components/icons"
import { AnchorLink } from "../directory/AnchorLink"
import { PageHeader } from "../directory/layout"
import { useMe } from "../directory/permissions"
import { mayReadErrorReports } from "./access"
import { IssuesPanel } from "./IssuesPanel"
import { NoAccess } from "./NoAccess"
import { RetentionDialog } from "./RetentionDialog"
import { type ErrorReportsSearch, type ErrorReportTab, errorReportTabs, statusOfTab } from "./search"
import { TracesPanel } from "./TracesPanel"

export const ErrorReportsScreen = ({
  search,
  onSearchChange,
}: {
  readonly search: ErrorReportsSearch
  readonly onSearchChange: (next: ErrorReportsSearch) => void
}) => {
  useDocumentTitle("Error reports · Folio")
  const me = useMe()
  const theme = useMantineTheme()
  const isPhone = useMediaQuery(`(width < ${theme.breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  })
  if (!mayReadErrorReports(me)) return <NoAccess />
  const tab: ErrorReportTab = search.tab ?? "unresolved"
  // On a phone the four tabs fit without their icons.
  const icon = (glyph: ReactNode) => (isPhone ? undefined : glyph)
  const status = statusOfTab(tab)

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title="Error reports"
        description="Errors and traces from people's browsers, received through this server's tunnel."
        crumbs={[
          <AnchorLink key="developer" to="/developer" fz="sm">
            Developer
          </AnchorLink>,
        ]}
        actions={<RetentionDialog />}
      />
      <Tabs
        value={tab}
        onChange={(next) => {
          const found = errorReportTabs.find((candidate) => candidate === next)
          if (found === undefined) return
          // The search stays with the issue tabs; a route belongs to Traces only.
          onSearchChange({
            tab: found === "unresolved" ? undefined : found,
            q: found === "traces" ? undefined : search.q,
          })
        }}
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: "nowrap", overflowX: "auto", overflowY: "hidden" }}>
          <Tabs.Tab value="unresolved" leftSection={icon(<AlertIcon size={16} />)}>
            Unresolved
          </Tabs.Tab>
          <Tabs.Tab value="resolved" leftSection={icon(<CheckIcon size={16} />)}>
            Resolved
          </Tabs.Tab>
          <Tabs.Tab value="ignored" leftSection={icon(<MuteIcon size={16} />)}>
            Ignored
          </Tabs.Tab>
          <Tabs.Tab value="traces" leftSection={icon(<ActivityIcon size={16} />)}>
            Traces
          </Tabs.Tab>
        </Tabs.List>
        {status !== undefined && (
          <Tabs.Panel key={status} value={status} pt="lg">
            <IssuesPanel status={status} q={search.q} onSearch={(q) => onSearchChange({ ...search, q })} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="traces" pt="lg">
          <TracesPanel route={search.route} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  )
}
