import { grantFor, type ReportListItem } from "@folio/core"
import { useQuery } from "@tanstack/react-query"
import type { ReactNode } from "react"
import type { ReportFilters } from "../../../../api/reports"
import { reportsPreviewQueryOptions } from "../../../../api/reports"
import { AnchorLink } from "../directory/AnchorLink"
import { useMe } from "../directory/permissions"
import { ReportStatusBadge } from "../reports/badges"
import { ReportRow, When } from "./ReportRow"
import { Tile, TileHeadingText, TileList, TileQuery } from "./Tile"
import { reportTileFilters, tileReports } from "./tiles"

const ReportListTile = ({
  id,
  heading,
  filters,
  loading,
  empty,
  when,
  showStatus = false,
}: {
  readonly id: string
  readonly heading: ReactNode
  readonly filters: ReportFilters
  readonly loading: string
  readonly empty: ReactNode
  readonly when: (report: ReportListItem) => Date | null
  readonly showStatus?: boolean
}) => {
  const query = useQuery(reportsPreviewQueryOptions(filters, tileReports))
  return (
    <Tile id={id} heading={heading}>
      <TileQuery query={query} loading={loading} isEmpty={(page) => page.items.length === 0} empty={empty}>
        {(page) => (
          <TileList>
            {page.items.map((report) => {
              const at = when(report)
              return (
                <ReportRow key={report.id} id={report.id} title={report.title}>
                  {showStatus && <ReportStatusBadge status={report.status} />}
                  {at !== null && <When at={at} />}
                </ReportRow>
              )
            })}
          </TileList>
        )}
      </TileQuery>
    </Tile>
  )
}

export const DraftsTile = () => {
  const me = useMe()
  return (
    <ReportListTile
      id="dashboard-drafts"
      heading={
        <AnchorLink to="/reports" search={{ status: "draft", author: me.user.id }} c="inherit">
          <TileHeadingText>My drafts</TileHeadingText>
        </AnchorLink>
      }
      filters={reportTileFilters.drafts(me.user.id)}
      loading="Loading your drafts…"
      empty={
        <>
          No drafts.{" "}
          <AnchorLink to="/reports/new" fz="sm">
            Start a report
          </AnchorLink>
          .
        </>
      }
      when={(report) => report.updatedAt}
    />
  )
}

export const ReviewQueueTile = () => (
  <ReportListTile
    id="dashboard-review"
    heading={
      <AnchorLink to="/reports" search={{ status: "in_review" }} c="inherit">
        <TileHeadingText>Review queue</TileHeadingText>
      </AnchorLink>
    }
    filters={reportTileFilters.review}
    loading="Loading the review queue…"
    empty="Nothing waits for review."
    when={(report) => report.updatedAt}
  />
)

export const LatestReportsTile = () => {
  const me = useMe()
  // Writers see drafts in the reports table too: their link narrows it to what was published.
  const writes = grantFor(me.user.role, "reports.create") !== "none"
  return (
    <ReportListTile
      id="dashboard-latest"
      heading={
        <AnchorLink
          to="/reports"
          search={{ status: writes ? "published" : undefined, sort: "-publishedAt" }}
          c="inherit"
        >
          <TileHeadingText>Latest reports</TileHeadingText>
        </AnchorLink>
      }
      filters={reportTileFilters.latest}
      loading="Loading the latest reports…"
      empty="No report has been published for you yet."
      when={(report) => report.publishedAt}
    />
  )
}

export const FavoritesTile = () => (
  <ReportListTile
    id="dashboard-favorites"
    heading={
      <AnchorLink to="/reports/favorites" c="inherit">
        <TileHeadingText>My favorites</TileHeadingText>
      </AnchorLink>
    }
    filters={reportTileFilters.favorites}
    loading="Loading your favorites…"
    empty="No favorites yet. Star a report to keep it here."
    when={(report) => report.publishedAt ?? report.updatedAt}
  />
)
