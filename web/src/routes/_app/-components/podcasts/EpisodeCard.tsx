import { type Episode, formatDuration, renderMarkdown } from "@folio/core"
import { Badge, Group, Paper, Spoiler, Stack, Text, Title } from "@mantine/core"
import { useMemo } from "react"
import { ReportIcon } from "../../../../components/icons"
import { formatDate } from "../directory/format"
import { ButtonLink } from "../reports/ButtonLink"
import { RenderedMarkdown } from "../reports/RenderedMarkdown"
import { episodeNumbering } from "./format"
import { Player } from "./Player"
import classes from "./Podcasts.module.css"

/** One episode I may hear: what it is, its notes, the report it goes with, and its player. */
export const EpisodeCard = ({ episode }: { readonly episode: Episode }) => {
  const notes = useMemo(
    () => (episode.notes.trim() === "" ? null : renderMarkdown(episode.notes)),
    [episode.notes],
  )
  const numbering = episodeNumbering(episode)
  const headingId = `episode-${episode.id}`
  return (
    <Paper
      component="article"
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      aria-labelledby={headingId}
    >
      <Stack gap="sm">
        <Stack gap={4}>
          <Text fz="sm" c="dimmed" fw={500}>
            {episode.showTitle}
            {numbering !== null && ` · ${numbering}`}
          </Text>
          <Title order={2} fz="h4" id={headingId} style={{ overflowWrap: "anywhere" }}>
            {episode.title}
          </Title>
          <Group gap="xs" wrap="wrap">
            {episode.publishedAt !== null && (
              <Text fz="sm" c="dimmed">
                <time dateTime={episode.publishedAt.toISOString()}>{formatDate(episode.publishedAt)}</time>
              </Text>
            )}
            {episode.audio !== null && (
              <Badge variant="light" color="gray" radius="sm">
                {formatDuration(episode.audio.durationSeconds)}
              </Badge>
            )}
            {episode.position?.completed === true && (
              <Badge variant="light" color="teal" radius="sm">
                Heard
              </Badge>
            )}
            {episode.position !== null && !episode.position.completed && episode.position.seconds >= 1 && (
              <Badge variant="light" color="indigo" radius="sm">
                {formatDuration(episode.position.seconds)} heard
              </Badge>
            )}
          </Group>
        </Stack>
        {episode.audio !== null ? (
          <Player episode={episode} />
        ) : (
          <Text fz="sm" c="dimmed">
            The audio is not available yet.
          </Text>
        )}
        {notes !== null && (
          <Spoiler maxHeight={120} showLabel="Show all notes" hideLabel="Show less">
            <div className={classes.notes}>
              <RenderedMarkdown html={notes} />
            </div>
          </Spoiler>
        )}
        {episode.report !== null && (
          <Group>
            <ButtonLink
              to="/reports/$reportId"
              params={{ reportId: episode.report.id }}
              variant="light"
              size="sm"
              leftSection={<ReportIcon size={16} />}
              aria-label={`Read the report: ${episode.report.title}`}
            >
              Read the report
            </ButtonLink>
          </Group>
        )}
      </Stack>
    </Paper>
  )
}
