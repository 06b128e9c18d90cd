import { dayOf, type ReportBrief, sinceLastVisitMax } from "@folio/core"
import { Stack, Text, Title } from "@mantine/core"
import { useQuery } from "@tanstack/react-query"
import { sinceLastVisitQueryOptions } from "../../../../api/readership"
import { AnchorLink } from "../directory/AnchorLink"
import { formatDateTime, formatRelative } from "../directory/format"
import { ReportRow, When } from "./ReportRow"
import { Tile, TileHeadingText, TileList, TileQuery } from "./Tile"

const Changes = ({
  title,
  reports,
  when,
}: {
  readonly title: string
  readonly reports: ReadonlyArray<ReportBrief>
  readonly when: (report: ReportBrief) => Date
}) =>
  reports.length === 0 ? null : (
    <Stack gap="xs">
      <Title order={3} fz="sm" fw={600} c="dimmed">
        {title} ({reports.length.toLocaleString()})
      </Title>
      <TileList label={title}>
        {reports.map((report) => (
          <ReportRow key={report.id} id={report.id} title={report.title}>
            <When at={when(report)} />
          </ReportRow>
        ))}
      </TileList>
      {reports.length >= sinceLastVisitMax && (
        <Text fz="xs" c="dimmed">
          Showing the {sinceLastVisitMax} newest.
        </Text>
      )}
    </Stack>
  )

/**
 * What was published, or revised after publication, since my previous visit. Asked once per visit:
 * the server counts the question as the visit (see `sinceLastVisitQueryOptions`).
 */
export const SinceLastVisitTile = () => {
  const query = useQuery(sinceLastVisitQueryOptions())
  const since = query.data?.since ?? null
  return (
    <Tile
      id="dashboard-since"
      heading={
        <AnchorLink
          to="/reports"
          search={{ sort: "-publishedAt", from: since === null ? undefined : dayOf(since) }}
          c="inherit"
        >
          <TileHeadingText>Since your last visit</TileHeadingText>
        </AnchorLink>
      }
      description={
        since === null ? undefined : (
          <span title={formatDateTime(since)}>Your last visit was {formatRelative(since)}.</span>
        )
      }
    >
      <TileQuery
        query={query}
        loading="Loading what changed since your last visit…"
        isEmpty={(changes) =>
          changes.since === null || (changes.published.length === 0 && changes.revised.length === 0)
        }
        empty={
          since === null
            ? "Welcome: this is your first visit. From your next one, reports published or revised in between show here."
            : "Nothing new: no report was published or revised since then."
        }
      >
        {(changes) => (
          <Stack gap="md">
            <Changes
              title="Published"
              reports={changes.published}
              when={(report) => report.publishedAt ?? report.updatedAt}
            />
            <Changes title="Revised" reports={changes.revised} when={(report) => report.updatedAt} />
          </Stack>
        )}
      </TileQuery>
    </Tile>
  )
}
