import { Paper, Stack } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useSuspenseInfiniteQuery } from "@tanstack/react-query"
import { reportsInfiniteQueryOptions } from "../../../../api/reports"
import { EmptyList, LoadMore, PageHeader } from "../directory/layout"
import { useGrant } from "../directory/permissions"
import { ButtonLink } from "./ButtonLink"
import { favoriteFilters } from "./favoriteFilters"
import { ReportsTable } from "./ReportsTable"

/** The reports I starred, most recently updated first; only those I may still read. */
export const FavoritesScreen = () => {
  useDocumentTitle("Favorites · Folio")
  const seesWorkflow = useGrant("reports.read") === "all"
  const query = useSuspenseInfiniteQuery(reportsInfiniteQueryOptions(favoriteFilters))
  const reports = query.data.pages.flatMap((page) => page.items)
  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader title="Favorites" description="Reports you starred, to come back to." />
      <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
        {reports.length === 0 ? (
          <EmptyList
            title="No favorites yet"
            description="Star a report with its Favorite button and it will wait for you here."
            action={
              <ButtonLink variant="default" to="/reports">
                Browse reports
              </ButtonLink>
            }
          />
        ) : (
          <>
            <ReportsTable reports={reports} label="Favorite reports" showStatus={seesWorkflow} />
            <LoadMore
              shown={reports.length}
              noun={reports.length === 1 ? "favorite" : "favorites"}
              hasMore={query.hasNextPage}
              loading={query.isFetchingNextPage}
              error={query.isFetchNextPageError ? query.error : null}
              onLoadMore={() => void query.fetchNextPage()}
            />
          </>
        )}
      </Paper>
    </Stack>
  )
}
