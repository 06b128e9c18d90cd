import { Badge, Text } from "@mantine/core"
import { useQuery } from "@tanstack/react-query"
import { AnchorLink } from "../directory/AnchorLink"
import { formatDateTime } from "../directory/format"
import { upcoming } from "./format"
import { ReportItem } from "./ReportRow"
import { Tile, TileHeadingText, TileList, TileQuery } from "./Tile"
import { tileReports, upcomingReleasesQuery } from "./tiles"

const dayTime = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
})

export const UpcomingReleasesTile = () => {
  const query = useQuery(upcomingReleasesQuery())
  return (
    <Tile
      id="dashboard-upcoming"
      heading={
        <AnchorLink to="/release-schedule" search={{ view: "agenda" }} c="inherit">
          <TileHeadingText>Upcoming releases</TileHeadingText>
        </AnchorLink>
      }
    >
      <TileQuery
        query={query}
        loading="Loading the upcoming releases…"
        isEmpty={(releases) => upcoming(releases).length === 0}
        empty="No release is scheduled. Approved reports are scheduled from their page."
      >
        {(releases) => {
          const next = upcoming(releases)
          return (
            <>
              <TileList>
                {next.slice(0, tileReports).map((release) => (
                  <ReportItem key={release.reportId} id={release.reportId} title={release.title}>
                    <Text
                      component="time"
                      dateTime={release.releaseAt.toISOString()}
                      fz="xs"
                      c="dimmed"
                      title={formatDateTime(release.releaseAt)}
                      style={{ whiteSpace: "nowrap" }}
                    >
                      {dayTime.format(release.releaseAt)}
                    </Text>
                    {release.heldReason !== null && (
                      <>
                        <Badge color="orange" variant="light" radius="sm">
                          Held
                        </Badge>
                        <Text component="span" fz="xs" c="dimmed">
                          {release.heldReason}
                        </Text>
                      </>
                    )}
                  </ReportItem>
                ))}
              </TileList>
              {next.length > tileReports && (
                <Text fz="xs" c="dimmed" mt="sm">
                  And {(next.length - tileReports).toLocaleString()} more on the schedule.
                </Text>
              )}
            </>
          )
        }}
      </TileQuery>
    </Tile>
  )
}
