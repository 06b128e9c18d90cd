import { type Episode, type EpisodeId, formatDuration } from "@folio/core"
import { Badge, Button, Group, Modal, Paper, Stack, Text, Title } from "@mantine/core"
import { notifications } from "@mantine/notifications"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import {
  deleteEpisode,
  episodeQueryOptions,
  podcastKeys,
  publishEpisode,
  unpublishEpisode,
} from "../../../../api/podcasts"
import { EditIcon, TrashIcon, UploadIcon } from "../../../../components/icons"
import { ConfirmModal } from "../directory/ConfirmModal"
import { formatDateTime } from "../directory/format"
import { AudioUpload } from "./AudioUpload"
import { EpisodeDialog } from "./EpisodeDialog"
import { episodeNumbering, episodeStatusLabels, formatBytes, formatLabels } from "./format"

type Pending = "publish" | "unpublish" | "delete" | null

/** The upload dialog reads the episode afresh, so what the server read shows when it is done. */
const UploadDialog = ({
  episodeId,
  initial,
  opened,
  onClose,
}: {
  readonly episodeId: EpisodeId
  readonly initial: Episode
  readonly opened: boolean
  readonly onClose: () => void
}) => {
  const episode = useQuery({ ...episodeQueryOptions(episodeId), initialData: initial, enabled: opened })
  return (
    <Modal opened={opened} onClose={onClose} title={`Audio of ${initial.title}`} centered size="lg">
      {opened && <AudioUpload episode={episode.data} />}
    </Modal>
  )
}

/** One episode of the show being managed: what it is, and what may be done with it. */
export const EpisodeItem = ({ episode }: { readonly episode: Episode }) => {
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState(false)
  const [uploading, setUploading] = useState(false)
  const [confirming, setConfirming] = useState<Pending>(null)
  const refresh = async (changed?: Episode) => {
    if (changed !== undefined) queryClient.setQueryData(podcastKeys.episode(changed.id), changed)
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: podcastKeys.episodeLists() }),
      queryClient.invalidateQueries({ queryKey: podcastKeys.shows() }),
    ])
  }
  const action = useMutation({
    mutationFn: async (what: Exclude<Pending, null>): Promise<Episode | undefined> => {
      if (what === "publish") return publishEpisode(episode.id)
      if (what === "unpublish") return unpublishEpisode(episode.id)
      await deleteEpisode(episode.id)
      return undefined
    },
    onSuccess: async (changed, what) => {
      if (what === "delete") queryClient.removeQueries({ queryKey: podcastKeys.episode(episode.id) })
      await refresh(changed)
      setConfirming(null)
      notifications.show({
        color: "teal",
        title:
          what === "publish"
            ? "Episode published"
            : what === "unpublish"
              ? "Back to draft"
              : "Episode deleted",
        message: episode.title,
      })
    },
  })
  const numbering = episodeNumbering(episode)
  const headingId = `manage-episode-${episode.id}`
  const published = episode.status === "published"
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Stack gap={2} miw={0} style={{ flex: "1 1 14rem" }}>
            <Title order={3} fz="md" id={headingId} style={{ overflowWrap: "anywhere" }}>
              {episode.title}
            </Title>
            <Text fz="xs" c="dimmed">
              {[
                numbering,
                published && episode.publishedAt !== null
                  ? `Published ${formatDateTime(episode.publishedAt)}`
                  : `Changed ${formatDateTime(episode.updatedAt)}`,
              ]
                .filter((part) => part !== null)
                .join(" · ")}
            </Text>
          </Stack>
          <Group gap={6}>
            <Badge variant="light" color={published ? "teal" : "gray"} radius="sm">
              {episodeStatusLabels[episode.status]}
            </Badge>
            {episode.followReport && !published && (
              <Badge variant="light" color="indigo" radius="sm">
                With the report
              </Badge>
            )}
          </Group>
        </Group>
        <Text fz="sm" {...(episode.audio === null ? { c: "dimmed" } : {})}>
          {episode.audio === null
            ? "No audio yet"
            : `${formatDuration(episode.audio.durationSeconds)} · ${formatLabels[episode.audio.format]} · ${formatBytes(
                episode.audio.sizeBytes,
              )}`}
          {episode.report !== null && ` · Report: ${episode.report.title}`}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="default"
            leftSection={<EditIcon size={14} />}
            onClick={() => setEditing(true)}
            aria-label={`Edit ${episode.title}`}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<UploadIcon size={14} />}
            onClick={() => setUploading(true)}
            aria-label={`${episode.audio === null ? "Upload audio for" : "Replace the audio of"} ${episode.title}`}
          >
            {episode.audio === null ? "Upload audio" : "Audio"}
          </Button>
          {published ? (
            <Button
              size="xs"
              variant="default"
              onClick={() => setConfirming("unpublish")}
              aria-label={`Unpublish ${episode.title}`}
            >
              Unpublish
            </Button>
          ) : (
            <Button
              size="xs"
              onClick={() => setConfirming("publish")}
              aria-label={`Publish ${episode.title}`}
            >
              Publish
            </Button>
          )}
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<TrashIcon size={14} />}
            onClick={() => setConfirming("delete")}
            aria-label={`Delete ${episode.title}`}
          >
            Delete
          </Button>
        </Group>
      </Stack>
      <EpisodeDialog
        opened={editing}
        onClose={() => setEditing(false)}
        showId={episode.showId}
        episode={episode}
      />
      <UploadDialog
        episodeId={episode.id}
        initial={episode}
        opened={uploading}
        onClose={() => setUploading(false)}
      />
      <ConfirmModal
        opened={confirming !== null}
        onClose={() => {
          setConfirming(null)
          action.reset()
        }}
        title={
          confirming === "publish"
            ? `Publish ${episode.title}?`
            : confirming === "unpublish"
              ? `Unpublish ${episode.title}?`
              : `Delete ${episode.title}?`
        }
        confirmLabel={
          confirming === "publish" ? "Publish" : confirming === "unpublish" ? "Unpublish" : "Delete"
        }
        danger={confirming === "delete"}
        pending={action.isPending}
        error={action.error}
        onConfirm={() => confirming !== null && action.mutate(confirming)}
      >
        {confirming === "publish"
          ? "Its audience can hear it at once, here and in their podcast apps."
          : confirming === "unpublish"
            ? "It leaves the listening page and every feed until published again."
            : "The episode and its audio are deleted for good; podcast apps drop it at their next refresh."}
      </ConfirmModal>
    </Paper>
  )
}
