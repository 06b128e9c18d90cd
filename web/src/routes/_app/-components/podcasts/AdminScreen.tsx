import type { Show, ShowId } from "@folio/core"
import { Badge, Button, Grid, Group, Image, Paper, Stack, Text, UnstyledButton } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import {
  deleteShow,
  episodesInfiniteQueryOptions,
  podcastKeys,
  showArtworkUrl,
  showsQueryOptions,
} from "../../../../api/podcasts"
import { EditIcon, PlusIcon, TrashIcon } from "../../../../components/icons"
import { ConfirmModal } from "../directory/ConfirmModal"
import { plural } from "../directory/format"
import { EmptyList, InlineError, LoadMore, PageHeader, Section, SectionPending } from "../directory/layout"
import { EpisodeDialog } from "./EpisodeDialog"
import { EpisodeItem } from "./EpisodeItem"
import classes from "./Podcasts.module.css"
import { ShowDialog } from "./ShowDialog"

const ShowList = ({
  shows,
  selected,
  onSelect,
}: {
  readonly shows: ReadonlyArray<Show>
  readonly selected: ShowId | undefined
  readonly onSelect: (id: ShowId) => void
}) => (
  <nav aria-label="Shows">
    <Stack gap={4} component="ul" className={classes.plainList}>
      {shows.map((show) => {
        const current = show.id === selected
        return (
          <li key={show.id}>
            <UnstyledButton
              className={classes.showButton}
              data-active={current || undefined}
              aria-current={current ? "true" : undefined}
              onClick={() => onSelect(show.id)}
            >
              <Text fz="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                {show.title}
              </Text>
              <Text fz="xs" c="dimmed">
                {plural(show.episodeCount, "episode")} · {show.publishedCount} published
              </Text>
            </UnstyledButton>
          </li>
        )
      })}
    </Stack>
  </nav>
)

const ShowEpisodes = ({ show }: { readonly show: Show }) => {
  const episodes = useInfiniteQuery(episodesInfiniteQueryOptions({ scope: "manage", showId: show.id }))
  const items = episodes.data?.pages.flatMap((page) => page.items) ?? []
  if (episodes.isPending) return <SectionPending label="Loading episodes…" />
  if (episodes.isError && items.length === 0)
    return <InlineError error={episodes.error} onRetry={() => void episodes.refetch()} />
  if (items.length === 0)
    return <EmptyList title="No episodes yet" description="Create the first one, then upload its audio." />
  return (
    <Stack gap="sm">
      {items.map((episode) => (
        <EpisodeItem key={episode.id} episode={episode} />
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
  )
}

const ShowPanel = ({ show, onDeleted }: { readonly show: Show; readonly onDeleted: () => void }) => {
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState(false)
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const remove = useMutation({
    mutationFn: () => deleteShow(show.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: podcastKeys.shows() })
      setDeleting(false)
      notifications.show({ color: "teal", title: "Show deleted", message: show.title })
      onDeleted()
    },
  })
  const artwork = showArtworkUrl(show)
  return (
    <Stack gap="lg">
      <Section
        id="podcast-show"
        title={show.title}
        description={`${show.category} · ${show.language}${show.explicit ? " · Explicit" : ""}`}
        actions={
          <>
            <Button
              size="xs"
              variant="default"
              leftSection={<EditIcon size={14} />}
              onClick={() => setEditing(true)}
            >
              Edit show
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<TrashIcon size={14} />}
              onClick={() => setDeleting(true)}
            >
              Delete show
            </Button>
          </>
        }
      >
        <Group gap="md" align="flex-start" wrap="nowrap">
          {artwork !== null && (
            <Image src={artwork} alt={`Artwork of ${show.title}`} w={88} h={88} radius="md" fit="cover" />
          )}
          <Text
            fz="sm"
            {...(show.description === "" ? { c: "dimmed" } : {})}
            style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
          >
            {show.description === "" ? "No description yet." : show.description}
          </Text>
        </Group>
      </Section>
      <Section
        id="podcast-episodes"
        title="Episodes"
        description="Drafts and published episodes, newest change first."
        actions={
          <Button size="xs" leftSection={<PlusIcon size={14} />} onClick={() => setAdding(true)}>
            New episode
          </Button>
        }
      >
        <ShowEpisodes show={show} />
      </Section>
      <ShowDialog opened={editing} onClose={() => setEditing(false)} show={show} />
      <EpisodeDialog opened={adding} onClose={() => setAdding(false)} showId={show.id} />
      <ConfirmModal
        opened={deleting}
        onClose={() => {
          setDeleting(false)
          remove.reset()
        }}
        title={`Delete ${show.title}?`}
        confirmLabel="Delete show"
        danger
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate()}
      >
        The show and its feed are deleted for good. A show that still has episodes cannot be deleted: delete
        them first.
      </ConfirmModal>
    </Stack>
  )
}

/** Shows and their episodes, for editors and admins: create, edit, upload audio, publish. */
export const PodcastsAdminScreen = ({
  showId,
  onShowChange,
}: {
  readonly showId: ShowId | undefined
  readonly onShowChange: (showId: ShowId | undefined) => void
}) => {
  useDocumentTitle("Podcast admin · Folio")
  const shows = useQuery(showsQueryOptions())
  const [creating, setCreating] = useState(false)
  const list = shows.data ?? []
  const selected = list.find((show) => show.id === showId) ?? list[0]
  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title="Podcast admin"
        description="Shows and episodes: upload audio, link a report, publish."
        actions={
          <Button leftSection={<PlusIcon size={16} />} onClick={() => setCreating(true)}>
            New show
          </Button>
        }
      />
      {shows.isPending ? (
        <Paper withBorder radius="lg" p="lg">
          <SectionPending label="Loading shows…" />
        </Paper>
      ) : shows.isError ? (
        <InlineError error={shows.error} onRetry={() => void shows.refetch()} />
      ) : selected === undefined ? (
        <Paper withBorder radius="lg">
          <EmptyList
            title="No shows yet"
            description="A show holds episodes; each show gets its own feed in listeners’ podcast apps."
            action={<Button onClick={() => setCreating(true)}>Create the first show</Button>}
          />
        </Paper>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder radius="lg" p="sm">
              <Group justify="space-between" px="xs" pb="xs">
                <Text fw={600} fz="sm">
                  Shows
                </Text>
                <Badge variant="light" color="gray" radius="sm">
                  {list.length}
                </Badge>
              </Group>
              <ShowList shows={list} selected={selected.id} onSelect={(id) => onShowChange(id)} />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <ShowPanel key={selected.id} show={selected} onDeleted={() => onShowChange(undefined)} />
          </Grid.Col>
        </Grid>
      )}
      <ShowDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(show) => onShowChange(show.id)}
      />
    </Stack>
  )
}
