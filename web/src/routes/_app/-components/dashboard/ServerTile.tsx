import { type Health, type Me, roleLabels } from "@folio/core"
import { Badge, Code, Group, Stack, Text } from "@mantine/core"
import { useQuery } from "@tanstack/react-query"
import { consoleDeploymentId } from "../../../../api/deployment"
import { healthQueryOptions } from "../../../../api/health"
import { formatDuration } from "../../../-components/formatDuration"
import { InfoList } from "../../../-components/InfoList"
import { AnchorLink } from "../directory/AnchorLink"
import { useMe } from "../directory/permissions"
import { Tile, TileHeadingText, TileQuery } from "./Tile"

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

const HealthRows = ({ health }: { readonly health: Health }) => {
  const skewed = consoleDeploymentId !== undefined && consoleDeploymentId !== health.deploymentId
  return (
    <InfoList
      rows={[
        { label: "Version", value: <Code>{health.version}</Code> },
        {
          label: "Deployment",
          value: (
            <Stack gap={4} align="flex-start">
              <Code style={{ overflowWrap: "anywhere" }}>{health.deploymentId}</Code>
              {skewed && (
                <Text fz="xs" c="yellow.8">
                  This console was loaded from deployment {consoleDeploymentId}; the next page change reloads
                  it.
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
  )
}

/** The platform's health: this server's version, deployment, database and migration, kept fresh. */
export const ServerTile = () => {
  const query = useQuery(healthQueryOptions())
  return (
    <Tile
      id="dashboard-server"
      heading={
        <AnchorLink to="/control-panel" c="inherit">
          <TileHeadingText>Server</TileHeadingText>
        </AnchorLink>
      }
      description={
        query.isSuccess ? (
          <Text component="span" fz="xs" c={query.isRefetchError ? "red" : "dimmed"}>
            {query.isRefetchError
              ? "Could not refresh"
              : `Checked ${new Date(query.dataUpdatedAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`}
          </Text>
        ) : undefined
      }
    >
      <TileQuery query={query} loading="Checking the server…" rows={5} isEmpty={() => false} empty={null}>
        {(health) => <HealthRows health={health} />}
      </TileQuery>
    </Tile>
  )
}

const YouRows = ({ me }: { readonly me: Me }) => (
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
)

/** Who is signed in, linking to their profile. */
export const YouTile = () => {
  const me = useMe()
  return (
    <Tile
      id="dashboard-you"
      heading={
        <AnchorLink to="/profile" c="inherit">
          <TileHeadingText>Signed in as</TileHeadingText>
        </AnchorLink>
      }
    >
      <YouRows me={me} />
    </Tile>
  )
}
