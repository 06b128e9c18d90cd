import type { ShowId } from "@folio/core"
import { Paper, Select, Skeleton, Stack } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useInfiniteQuery, useQuery } from "@tanstack/react-query"
import { episodesInfiniteQueryOptions, showsQueryOptions } from "../../../../api/podcasts"
import { EmptyList, InlineError, LoadMore, PageHeader } from "../directory/layout"
import { EpisodeCard } from "./EpisodeCard"
import { SubscribeSection } from "./SubscribeSection"

const EpisodesPending = () => (
  <div role="status" aria-live="polite" aria-label="Loading episodes…">
    <Stack gap="md" aria-hidden="true">
      {[0, 1, 2].map((row) => (
        <Paper key={row} withBorder radius="lg" p="lg">
          <Stack gap="sm">
            <Skeleton height={12} width="30%" radius="sm" />
            <Skeleton height={22} width="70%" radius="sm" />
            <Skeleton height={40} radius="md" />
          </Stack>
        </Paper>
      ))}
    </Stack>
  </div>
)

/** The episodes I may hear, newest first, each with its player; and my private feeds for podcast apps. */
export const PodcastsScreen = ({
  showId,
  onShowChange,
}: {
  readonly showId: ShowId | undefined
  readonly onShowChange: (showId: ShowId | undefined) => void
}) => {
  useDocumentTitle("Podcasts · Folio")
  const shows = useQuery(showsQueryOptions())
  const episodes = useInfiniteQuery(episodesInfiniteQueryOptions({ scope: "listen", showId }))
  const items = episodes.data?.pages.flatMap((page) => page.items) ?? []
  const showOptions = (shows.data ?? []).map((show) => ({ value: show.id as string, label: show.title }))
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title="Podcasts"
        description="Episodes from the research team, newest first. Play them here, or subscribe in your podcast app."
      />
      {showOptions.length > 1 || showId !== undefined ? (
        <Select
          label="Show"
          placeholder="All shows"
          clearable
          data={showOptions}
          value={showId ?? null}
          onChange={(value) => onShowChange((value ?? undefined) as ShowId | undefined)}
          maw={{ base: "100%", sm: 360 }}
          comboboxProps={{ withinPortal: true }}
        />
      ) : null}
      <section aria-label="Episodes">
        {episodes.isPending ? (
          <EpisodesPending />
        ) : episodes.isError && items.length === 0 ? (
          <InlineError error={episodes.error} onRetry={() => void episodes.refetch()} />
        ) : items.length === 0 ? (
          <Paper withBorder radius="lg">
            <EmptyList
              title="No episodes yet"
              description={
                showId === undefined
                  ? "No episodes yet — when the research team publishes one for you, it appears here."
                  : "No episodes of this show for you yet."
              }
            />
          </Paper>
        ) : (
          <Stack gap="md">
            {items.map((episode) => (
              <EpisodeCard key={episode.id} episode={episode} />
            ))}
            <LoadMore
              shown={items.length}
              noun={items.length === 1 ? "episode" : "episodes"}
              hasMore={episodes.hasNextPage}
              loading={episodes.isFetchingNextPage}
              error={episodes.isFetchNextPageError ? episodes.error : null}
              onLoadMore={() => void episodes.fetchNextPage()}
            />
          </Stack>
        )}
      </section>
      <SubscribeSection />
    </Stack>
  )
}
