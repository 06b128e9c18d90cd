import { SimpleGrid, Stack, Text, Title } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useSuspenseQuery } from "@tanstack/react-query"
import type { ReactNode } from "react"
import { meQueryOptions } from "../../api/session"
import { FiguresTile } from "../_app/-components/dashboard/FiguresTile"
import { type DashboardTile, dashboardTiles } from "../_app/-components/dashboard/layout"
import { MyReadsTile, SentBackTile } from "../_app/-components/dashboard/MyReportsTiles"
import {
  DraftsTile,
  FavoritesTile,
  LatestReportsTile,
  ReviewQueueTile,
} from "../_app/-components/dashboard/ReportTiles"
import { ServerTile, YouTile } from "../_app/-components/dashboard/ServerTile"
import { SinceLastVisitTile } from "../_app/-components/dashboard/SinceLastVisitTile"
import { UpcomingReleasesTile } from "../_app/-components/dashboard/UpcomingReleasesTile"
import { WeekReadershipTile } from "../_app/-components/dashboard/WeekReadershipTile"

const tiles: Record<DashboardTile, () => ReactNode> = {
  figures: FiguresTile,
  server: ServerTile,
  you: YouTile,
  drafts: DraftsTile,
  sentBack: SentBackTile,
  myReads: MyReadsTile,
  review: ReviewQueueTile,
  upcoming: UpcomingReleasesTile,
  week: WeekReadershipTile,
  latest: LatestReportsTile,
  favorites: FavoritesTile,
  sinceLastVisit: SinceLastVisitTile,
}

const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? name

/**
 * `/dashboard`, the common landing page, by role (`dashboardTiles`). Each tile loads, fails and
 * retries on its own, so one slow or failing tile leaves the others alone. No chart library here:
 * numbers and CSS bars keep the first load light.
 */
export const DashboardScreen = () => {
  useDocumentTitle("Dashboard · Folio")
  const { data: me } = useSuspenseQuery(meQueryOptions())
  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1}>Dashboard</Title>
        <Text c="dimmed" mt={4}>
          Welcome back, {firstName(me.user.name)}.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {dashboardTiles(me.user.role).map(({ tile, wide }) => {
          const TileComponent = tiles[tile]
          return (
            <div key={tile} style={{ minWidth: 0, ...(wide ? { gridColumn: "1 / -1" } : {}) }}>
              <TileComponent />
            </div>
          )
        })}
      </SimpleGrid>
    </Stack>
  )
}
