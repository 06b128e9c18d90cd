import {
  csvLine,
  type MyReadership,
  type ReadershipExport,
  type RecordedEvent,
  readershipChannelLabels,
  readershipKindLabels,
  readershipKinds,
} from "@folio/core"
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from "@mantine/core"
import { useMediaQuery } from "@mantine/hooks"
import { useMutation, useQuery } from "@tanstack/react-query"
import { exportMyReadership, myReadershipQueryOptions } from "../../../../api/readership"
import { AlertIcon, Icon, type IconProps } from "../../../../components/icons"
import { AnchorLink } from "../directory/AnchorLink"
import { formatDateTime, plural } from "../directory/format"
import { actionErrorText } from "../directory/forms"
import { InlineError, SectionPending } from "../directory/layout"
import { downloadText } from "../reportImport/issues"
import { Section } from "./Section"

const DownloadIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2M7 11l5 5 5-5M12 4v12" />
  </Icon>
)

const numbers = { fontVariantNumeric: "tabular-nums" } as const

/** The export as CSV (CRLF, quoted by core's writer): one row per event, newest first. */
export const readershipCsv = (data: ReadershipExport): string =>
  [
    csvLine(["at", "kind", "channel", "subject", "report_id", "duration_ms", "company", "team"]),
    ...data.events.map((event) =>
      csvLine([
        event.at.toISOString(),
        event.kind,
        event.channel,
        event.subject,
        event.reportId,
        event.durationMs,
        event.companyName,
        event.teamName,
      ]),
    ),
  ].join("\r\n")

const fileDay = () => new Date().toISOString().slice(0, 10)

const Subject = ({ event }: { readonly event: RecordedEvent }) => {
  const text = event.subject ?? "—"
  return event.reportId === null ? (
    text
  ) : (
    <AnchorLink to="/reports/$reportId" params={{ reportId: event.reportId }} fz="sm">
      {text}
    </AnchorLink>
  )
}

const onScreen = (durationMs: number): string =>
  `${Math.round(durationMs / 1000).toLocaleString()} s on screen`

/** The newest events: a table, or on a phone a list (a table would scroll sideways). */
const RecentEvents = ({ events }: { readonly events: MyReadership["recent"] }) => {
  const isPhone = useMediaQuery("(max-width: 48em)", false, { getInitialValueInEffect: false })
  if (isPhone) {
    return (
      <Stack gap="xs" component="ul" p={0} m={0} aria-label="Newest events" style={{ listStyle: "none" }}>
        {events.map((event) => (
          <li key={`${event.at.toISOString()}-${event.kind}-${event.reportId ?? event.subject ?? ""}`}>
            <Text fz="sm" fw={600}>
              {readershipKindLabels[event.kind]}
            </Text>
            <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
              <Subject event={event} />
            </Text>
            <Text fz="xs" c="dimmed">
              {formatDateTime(event.at)} · {readershipChannelLabels[event.channel]}
              {event.durationMs === null ? "" : ` · ${onScreen(event.durationMs)}`}
            </Text>
          </li>
        ))}
      </Stack>
    )
  }
  return (
    <Table aria-label="Newest events" verticalSpacing={6} fz="sm" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">When</Table.Th>
          <Table.Th scope="col">What</Table.Th>
          <Table.Th scope="col">Subject</Table.Th>
          <Table.Th scope="col">Channel</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {events.map((event) => (
          <Table.Tr key={`${event.at.toISOString()}-${event.kind}-${event.reportId ?? event.subject ?? ""}`}>
            <Table.Td style={{ whiteSpace: "nowrap", ...numbers }}>{formatDateTime(event.at)}</Table.Td>
            <Table.Td>
              {readershipKindLabels[event.kind]}
              {event.durationMs !== null && (
                <Text fz="xs" c="dimmed" style={numbers}>
                  {onScreen(event.durationMs)}
                </Text>
              )}
            </Table.Td>
            <Table.Td style={{ overflowWrap: "anywhere" }}>
              <Subject event={event} />
            </Table.Td>
            <Table.Td>{readershipChannelLabels[event.channel]}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

const Counts = ({ data }: { readonly data: MyReadership }) => {
  const counted = new Map(data.counts.map((row) => [row.kind, row.count]))
  const kinds = readershipKinds.filter((kind) => (counted.get(kind) ?? 0) > 0)
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3 }}
      spacing="sm"
      component="ul"
      aria-label="Events recorded, by kind"
      p={0}
      m={0}
      style={{ listStyle: "none" }}
    >
      {kinds.map((kind) => (
        <Paper key={kind} component="li" withBorder radius="md" p="sm">
          <Text fz="xl" fw={700} lh={1.2} style={numbers}>
            {(counted.get(kind) ?? 0).toLocaleString()}
          </Text>
          <Text fz="sm" c="dimmed">
            {readershipKindLabels[kind]}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  )
}

/**
 * What Folio records about me (`/profile`): counts by kind, the newest events, how long they are
 * kept, and the whole of it to download as JSON or CSV.
 */
export const ReadershipSection = () => {
  const query = useQuery(myReadershipQueryOptions())
  const download = useMutation({
    mutationFn: async (format: "json" | "csv") => {
      const data = await exportMyReadership()
      if (format === "json") {
        downloadText(
          `folio-readership-${fileDay()}.json`,
          `${JSON.stringify(data, null, 2)}\n`,
          "application/json;charset=utf-8",
        )
      } else {
        downloadText(`folio-readership-${fileDay()}.csv`, readershipCsv(data))
      }
    },
  })
  return (
    <Section title="Readership" description="What Folio records about your reading, and why.">
      {query.isPending ? (
        <SectionPending label="Loading what is recorded about you…" rows={2} />
      ) : query.isError ? (
        <InlineError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Stack gap="md">
          <Text fz="sm">
            Folio records when you open a report and when you read one (16 seconds with it on screen), your
            searches, sign-ins, feed fetches and email opens: the time, what it was about and the channel.
            Your publisher uses it to learn which research is read and by which clients. Single events are
            kept {plural(query.data.retentionDays, "day")}; after that only daily counts remain. An
            administrator can erase your events on request.
          </Text>
          {query.data.total === 0 ? (
            <Text c="dimmed" fz="sm">
              Nothing is recorded about you.
            </Text>
          ) : (
            <>
              <Counts data={query.data} />
              <Stack gap="xs">
                <Text fz="sm" fw={600}>
                  {query.data.recent.length < query.data.total
                    ? `The newest ${query.data.recent.length} of ${plural(query.data.total, "event")}`
                    : plural(query.data.total, "event")}
                </Text>
                <RecentEvents events={query.data.recent} />
              </Stack>
            </>
          )}
          {download.isError && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" title="Could not download">
              {actionErrorText(download.error)}
            </Alert>
          )}
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<DownloadIcon size={16} />}
              loading={download.isPending && download.variables === "json"}
              disabled={download.isPending}
              onClick={() => download.mutate("json")}
            >
              Download my data
            </Button>
            <Button
              variant="subtle"
              aria-label="Download my data as CSV"
              loading={download.isPending && download.variables === "csv"}
              disabled={download.isPending}
              onClick={() => download.mutate("csv")}
            >
              As CSV
            </Button>
          </Group>
        </Stack>
      )}
    </Section>
  )
}
