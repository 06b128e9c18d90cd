import type { ControlPanelHealth, InstanceState, ServerInstance } from "@folio/core"
import { Badge, Button, Code, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from "@mantine/core"
import { useQuery } from "@tanstack/react-query"
import { controlPanelHealthQueryOptions } from "../../../../api/controlPanel"
import { ReloadIcon } from "../../../../components/icons"
import { formatDateTime, formatRelative, plural } from "../directory/format"
import { InlineError, Section, SectionPending } from "../directory/layout"
import { Figure, FigureLine } from "./Figure"

const stateLabels: Record<InstanceState, string> = { running: "Running", stopped: "Stopped", gone: "Gone" }
const stateColors: Record<InstanceState, string> = { running: "teal", stopped: "gray", gone: "red" }

/** "PostgreSQL 15.20" of "PostgreSQL 15.20 (Debian 15.20-1.pgdg120+1)": the build is in the tooltip. */
const shortEngine = (engine: string): string => engine.replace(/\s*\(.*$/, "")

const When = ({ date }: { readonly date: Date }) => (
  <Tooltip label={formatDateTime(date)} openDelay={300}>
    <span>{formatRelative(date)}</span>
  </Tooltip>
)

const InstanceItem = ({ instance }: { readonly instance: ServerInstance }) => (
  <Paper
    withBorder
    radius="md"
    p="sm"
    component="li"
    aria-label={`${instance.hostname} (process ${instance.pid})${instance.current ? ", this instance" : ""}`}
  >
    <Group justify="space-between" align="flex-start" gap="xs">
      <Stack gap={2} miw={0} style={{ flex: "1 1 14rem" }}>
        <Group gap={6}>
          <Text fw={600} fz="sm" style={{ overflowWrap: "anywhere" }}>
            {instance.hostname}
          </Text>
          <Text fz="sm" c="dimmed">
            pid {instance.pid}
          </Text>
          {instance.current && (
            <Badge variant="light" color="indigo" radius="sm" tt="none">
              This instance
            </Badge>
          )}
        </Group>
        <Text fz="xs" c="dimmed">
          Deployment{" "}
          <Code fz="xs" style={{ overflowWrap: "anywhere" }}>
            {instance.deploymentId}
          </Code>{" "}
          · version {instance.version}
        </Text>
        <Text fz="xs" c="dimmed">
          <span style={{ whiteSpace: "nowrap" }}>
            Started <When date={instance.startedAt} />
            &nbsp;·
          </span>{" "}
          <span style={{ whiteSpace: "nowrap" }}>
            {instance.state === "stopped" && instance.stoppedAt !== null ? (
              <>
                Stopped <When date={instance.stoppedAt} />
              </>
            ) : (
              <>
                Last heartbeat <When date={instance.lastHeartbeatAt} />
              </>
            )}
          </span>
        </Text>
      </Stack>
      <Badge variant="light" color={stateColors[instance.state]} radius="sm" style={{ flexShrink: 0 }}>
        {stateLabels[instance.state]}
      </Badge>
    </Group>
  </Paper>
)

const Figures = ({ health }: { readonly health: ControlPanelHealth }) => {
  const { database, migration, jobs, mail, deliveries } = health
  const upToDate = migration.current === migration.latest
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
      <Figure
        id="figure-database"
        title="Database"
        headline={`${database.latencyMs.toLocaleString()} ms`}
        status={
          <Badge variant="light" color="teal" radius="sm">
            Reachable
          </Badge>
        }
      >
        <FigureLine
          label="Engine"
          value={
            <Tooltip label={database.engine} multiline maw={320} openDelay={300}>
              <span>{shortEngine(database.engine)}</span>
            </Tooltip>
          }
        />
        <FigureLine label="Kind" value={database.embedded ? "Embedded" : "External"} />
      </Figure>
      <Figure
        id="figure-migrations"
        title="Migrations"
        headline={
          <span style={{ fontSize: "var(--mantine-font-size-lg)" }}>{migration.current ?? "None"}</span>
        }
        status={
          <Badge variant="light" color={upToDate ? "teal" : "orange"} radius="sm">
            {upToDate ? "Up to date" : "Behind"}
          </Badge>
        }
      >
        <FigureLine label="Latest known" value={migration.latest} alert={!upToDate} />
        <FigureLine label="Server version" value={health.version} />
      </Figure>
      <Figure id="figure-jobs" title="Job queue" headline={`${jobs.ready.toLocaleString()} due`}>
        <FigureLine
          label="Oldest due"
          value={
            jobs.oldestReady === null ? (
              "None waiting"
            ) : (
              <>
                {jobs.oldestReady.task}, <When date={jobs.oldestReady.runAt} />
              </>
            )
          }
        />
        <FigureLine label="Running" value={jobs.running.toLocaleString()} />
        <FigureLine label="Scheduled" value={jobs.scheduled.toLocaleString()} />
        <FigureLine label="Retrying" value={jobs.retrying.toLocaleString()} />
        <FigureLine label="Failed for good" value={jobs.failed.toLocaleString()} alert={jobs.failed > 0} />
      </Figure>
      <Figure
        id="figure-mail"
        title="Mail outbox"
        headline={`${mail.unsent.toLocaleString()} unsent`}
        status={
          mail.smtpConfigured ? undefined : (
            <Tooltip label="SMTP_URL is not set: mail stays in the outbox, unsent" multiline w={240}>
              <Badge variant="light" color="orange" radius="sm" tabIndex={0}>
                No SMTP
              </Badge>
            </Tooltip>
          )
        }
      >
        <FigureLine
          label="Oldest unsent"
          value={mail.oldestUnsentAt === null ? "None" : <When date={mail.oldestUnsentAt} />}
        />
        <FigureLine label="Failed for good" value={mail.failed.toLocaleString()} alert={mail.failed > 0} />
      </Figure>
      <Figure
        id="figure-deliveries"
        title="Deliveries"
        headline={`${deliveries.pending.toLocaleString()} pending`}
      >
        <FigureLine label="Failed, retrying" value={deliveries.failed.toLocaleString()} />
        <FigureLine label="Dead" value={deliveries.dead.toLocaleString()} alert={deliveries.dead > 0} />
      </Figure>
    </SimpleGrid>
  )
}

/** Health: the database, migrations, server instances, the job queue, the mail outbox, deliveries. */
export const HealthPanel = () => {
  const query = useQuery(controlPanelHealthQueryOptions())
  const health = query.data
  const running = health?.instances.filter((instance) => instance.state === "running").length ?? 0
  return (
    <Stack gap="lg">
      <Section
        id="health-figures"
        title="Health"
        description={
          health === undefined
            ? "How this installation is doing, as this server instance sees it."
            : `Checked ${formatRelative(health.checkedAt)} by this instance; refreshed every 15 seconds.`
        }
        actions={
          <Button
            size="xs"
            variant="default"
            leftSection={<ReloadIcon size={14} />}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            Refresh
          </Button>
        }
      >
        {query.isPending ? (
          <SectionPending label="Checking the installation…" rows={3} />
        ) : query.isError && health === undefined ? (
          <InlineError error={query.error} onRetry={() => void query.refetch()} />
        ) : health === undefined ? null : (
          <Figures health={health} />
        )}
      </Section>
      {health !== undefined && (
        <Section
          id="health-instances"
          title="Server instances"
          description={`${plural(running, "instance")} running. Each writes a heartbeat every 15 seconds; one silent for over a minute is gone.`}
        >
          {health.instances.length === 0 ? (
            <Text c="dimmed" fz="sm">
              No instance has registered in the last day.
            </Text>
          ) : (
            <Stack
              component="ul"
              gap="xs"
              p={0}
              m={0}
              style={{ listStyle: "none" }}
              aria-label="Server instances"
            >
              {health.instances.map((instance) => (
                <InstanceItem key={instance.id} instance={instance} />
              ))}
            </Stack>
          )}
        </Section>
      )}
    </Stack>
  )
}
