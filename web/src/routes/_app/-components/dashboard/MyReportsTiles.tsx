import { Group, Stack, Text } from "@mantine/core"
import { useQuery } from "@tanstack/react-query"
import { myReportsQueryOptions } from "../../../../api/readership"
import { AnchorLink } from "../directory/AnchorLink"
import { plural } from "../directory/format"
import { useMe } from "../directory/permissions"
import { ReportItem, ReportLink, When } from "./ReportRow"
import { ShareBar, Tile, TileHeadingText, TileList, TileQuery } from "./Tile"

/** Drafts of mine an editor returned from review, with who did and when. */
export const SentBackTile = () => {
  const me = useMe()
  const query = useQuery(myReportsQueryOptions())
  return (
    <Tile
      id="dashboard-sent-back"
      heading={
        <AnchorLink to="/reports" search={{ status: "draft", author: me.user.id }} c="inherit">
          <TileHeadingText>Sent back to me</TileHeadingText>
        </AnchorLink>
      }
    >
      <TileQuery
        query={query}
        loading="Loading the reports sent back to you…"
        isEmpty={(mine) => mine.sentBack.length === 0}
        empty="Nothing sent back: no draft of yours waits on an editor's remarks."
      >
        {(mine) => (
          <TileList>
            {mine.sentBack.map((report) => (
              <ReportItem key={report.id} id={report.id} title={report.title}>
                <When at={report.sentBackAt} prefix={`Sent back by ${report.sentBackBy}`} />
              </ReportItem>
            ))}
          </TileList>
        )}
      </TileQuery>
    </Tile>
  )
}

/** My latest reports and how they are read: all time, and the last 7 days. */
export const MyReadsTile = () => {
  const query = useQuery(myReportsQueryOptions())
  return (
    <Tile
      id="dashboard-my-reads"
      heading={
        <AnchorLink to="/analytics" c="inherit">
          <TileHeadingText>Reads of my latest reports</TileHeadingText>
        </AnchorLink>
      }
    >
      <TileQuery
        query={query}
        loading="Loading the reads of your reports…"
        isEmpty={(mine) => mine.latest.length === 0}
        empty="None of your reports is published yet: their readers show here once one is."
      >
        {(mine) => {
          const most = Math.max(...mine.latest.map((report) => report.reads))
          return (
            <TileList>
              {mine.latest.map((report) => (
                <Stack key={report.id} component="li" gap={4}>
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <ReportLink id={report.id} title={report.title} />
                    {report.publishedAt !== null && <When at={report.publishedAt} />}
                  </Group>
                  <Text fz="xs" c="dimmed">
                    {plural(report.views, "view")} · {plural(report.reads, "read")} ·{" "}
                    {report.readsLast7Days.toLocaleString()} in the last 7 days
                  </Text>
                  <ShareBar value={report.reads} max={most} />
                </Stack>
              ))}
            </TileList>
          )
        }}
      </TileQuery>
    </Tile>
  )
}
