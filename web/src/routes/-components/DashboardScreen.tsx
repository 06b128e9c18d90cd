import { type Health, type Me, roleLabels } from "@folio/core"
import { Badge, Code, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useSuspenseQuery } from "@tanstack/react-query"
import type { ReactNode } from "react"
import { consoleDeploymentId } from "../../api/deployment"
import { healthQueryOptions } from "../../api/health"
import { meQueryOptions } from "../../api/session"
import { ReportPanels } from "../_app/-components/reports/DashboardPanels"
import { formatDuration } from "./formatDuration"
import { InfoList } from "./InfoList"

const Panel = ({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) => (
  <Paper withBorder radius="lg" p="lg" component="section" aria-label={title}>
    <Group justify="space-between" mb="md" wrap="nowrap">
      <Title order={2} fz="h4">
        {title}
      </Title>
      {aside}
    </Group>
    {children}
  </Paper>
)

const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? name

const YouPanel = ({ me }: { readonly me: Me }) => (
  <Panel title="Signed in as">
    <InfoList
      rows={[
        { label: "Name", value: me.user.name },
        { label: "Email", value: me.user.email },
        {
          label: "Role",
          value: (
            <Badge variant="light" radius="sm">
              {roleLabels[me.user.role]}
            </Badge>
          ),
        },
        {
          label: "Company",
          value: (
            <Group gap={6} wrap="nowrap">
              <span>{me.company.name}</span>
              <Text component="span" c="dimmed" fz="xs">
                ({me.company.kind === "publisher" ? "publisher" : "client"})
              </Text>
            </Group>
          ),
        },
      ]}
    />
  </Panel>
)

const DatabaseStatus = ({ database }: { readonly database: Health["database"] }) => (
  <Stack gap={2}>
    <Group gap={8}>
      <Badge color={database.ok ? "teal" : "red"} variant="light" radius="sm">
        {database.ok ? "Healthy" : "Unavailable"}
      </Badge>
      <Text component="span" c="dimmed" fz="xs">
        {database.latencyMs.toFixed(database.latencyMs < 10 ? 1 : 0)} ms
      </Text>
    </Group>
    <Text component="span" c="dimmed" fz="xs">
      {database.engine}
      {database.embedded ? " (embedded)" : ""}
    </Text>
  </Stack>
)

const MigrationStatus = ({ migration }: { readonly migration: Health["migration"] }) => {
  if (migration.current === null) {
    return (
      <Badge color="red" variant="light" radius="sm">
        Not migrated
      </Badge>
    )
  }
  const upToDate = migration.current === migration.latest
  return (
    <Stack gap={4} align="flex-start">
      <Badge color={upToDate ? "teal" : "yellow"} variant="light" radius="sm">
        {upToDate ? "Up to date" : `Behind: latest is ${migration.latest}`}
      </Badge>
      <Code>{migration.current}</Code>
    </Stack>
  )
}

const ServerPanel = () => {
  const { data: health, dataUpdatedAt, isRefetchError } = useSuspenseQuery(healthQueryOptions())
  const skewed = consoleDeploymentId !== undefined && consoleDeploymentId !== health.deploymentId
  return (
    <Panel
      title="Server"
      aside={
        <Text c={isRefetchError ? "red" : "dimmed"} fz="xs" ta="right">
          {isRefetchError
            ? "Could not refresh"
            : `Checked ${new Date(dataUpdatedAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`}
        </Text>
      }
    >
      <InfoList
        rows={[
          { label: "Version", value: <Code>{health.version}</Code> },
          {
            label: "Deployment",
            value: (
              <Stack gap={4} align="flex-start">
                <Code>{health.deploymentId}</Code>
                {skewed && (
                  <Text fz="xs" c="yellow.8">
                    This console was loaded from deployment {consoleDeploymentId}; the next page change
                    reloads it.
                  </Text>
                )}
              </Stack>
            ),
          },
          { label: "Database", value: <DatabaseStatus database={health.database} /> },
          { label: "Migration", value: <MigrationStatus migration={health.migration} /> },
          { label: "Uptime", value: formatDuration(health.uptimeSeconds) },
        ]}
      />
    </Panel>
  )
}

export const DashboardScreen = () => {
  useDocumentTitle("Dashboard · Folio")
  const { data: me } = useSuspenseQuery(meQueryOptions())
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>Dashboard</Title>
        <Text c="dimmed" mt={4}>
          Welcome back, {firstName(me.user.name)}.
        </Text>
      </div>
      <ReportPanels />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <YouPanel me={me} />
        <ServerPanel />
      </SimpleGrid>
    </Stack>
  )
}
