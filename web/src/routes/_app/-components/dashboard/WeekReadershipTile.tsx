import { Stack, Title } from "@mantine/core"
import { useQuery } from "@tanstack/react-query"
import { analyticsQueryOptions } from "../../../../api/readership"
import { AnchorLink } from "../directory/AnchorLink"
import { ReadershipFigures, TopReports } from "./Readership"
import { Tile, TileHeadingText, TileQuery } from "./Tile"
import { weekRange } from "./tiles"

/** This week's readership across the platform: totals and the five most read reports. */
export const WeekReadershipTile = () => {
  const week = weekRange()
  const query = useQuery(analyticsQueryOptions(week))
  return (
    <Tile
      id="dashboard-week"
      heading={
        <AnchorLink to="/analytics" search={week} c="inherit">
          <TileHeadingText>This week's readership</TileHeadingText>
        </AnchorLink>
      }
      description="The last 7 days"
    >
      <TileQuery
        query={query}
        loading="Loading this week's readership…"
        rows={4}
        isEmpty={(analytics) => analytics.totals.views === 0 && analytics.totals.reads === 0}
        empty="No report was opened in the last 7 days."
      >
        {(analytics) => (
          <Stack gap="md">
            <ReadershipFigures totals={analytics.totals} />
            {analytics.topReports.length > 0 && (
              <Stack gap="xs">
                <Title order={3} fz="sm" fw={600} c="dimmed">
                  Top reports
                </Title>
                <TopReports reports={analytics.topReports} label="Top reports this week" />
              </Stack>
            )}
          </Stack>
        )}
      </TileQuery>
    </Tile>
  )
}
