import {
  type RatingCounts,
  type RatingDistribution,
  ratingLabels,
  ratingShare,
  type UserId,
} from "@folio/core"
import { Box, Group, Paper, Progress, SimpleGrid, Stack, Text, Title, UnstyledButton } from "@mantine/core"
import { useQuery } from "@tanstack/react-query"
import { ratingDistributionQueryOptions } from "../../../../api/coverage"
import { formatDate, plural } from "../directory/format"
import { InlineError, SectionPending } from "../directory/layout"
import classes from "./CoverageScreen.module.css"
import { ratingColors } from "./format"

const rated = ["buy", "hold", "sell"] as const

/** Buy, hold and sell as shares of the rated calls (as research rules count them); not rated apart. */
const DistributionBar = ({ counts, label }: { readonly counts: RatingCounts; readonly label: string }) => {
  const total = counts.buy + counts.hold + counts.sell
  return (
    <Stack gap={6}>
      <Progress.Root
        size="lg"
        radius="sm"
        role="img"
        aria-label={
          total === 0
            ? `${label}: no rated coverage`
            : `${label}: ${rated.map((rating) => `${ratingLabels[rating]} ${ratingShare(counts[rating], total)}%`).join(", ")}`
        }
      >
        {total === 0 ? (
          <Progress.Section value={100} color="var(--mantine-color-default-border)" withAria={false} />
        ) : (
          rated.map((rating) => (
            <Progress.Section
              key={rating}
              value={(counts[rating] / total) * 100}
              color={ratingColors[rating]}
              withAria={false}
            />
          ))
        )}
      </Progress.Root>
      <Group gap="md" wrap="wrap" fz="xs">
        {rated.map((rating) => (
          <Group key={rating} gap={6} wrap="nowrap">
            <Box
              className={classes.dot}
              style={{ backgroundColor: `var(--mantine-color-${ratingColors[rating]}-filled)` }}
              aria-hidden="true"
            />
            <Text fz="xs">
              {ratingLabels[rating]}{" "}
              <Text span fz="xs" fw={650}>
                {ratingShare(counts[rating], total)}%
              </Text>{" "}
              <Text span fz="xs" c="dimmed">
                ({counts[rating]})
              </Text>
            </Text>
          </Group>
        ))}
        {counts.not_rated > 0 && (
          <Text fz="xs" c="dimmed">
            Not rated {counts.not_rated}
          </Text>
        )}
      </Group>
    </Stack>
  )
}

const Headline = ({
  title,
  note,
  counts,
}: {
  readonly title: string
  readonly note: string
  readonly counts: RatingCounts
}) => (
  <Stack gap={6}>
    <Group justify="space-between" gap="xs" align="baseline">
      <Text fw={600} fz="sm">
        {title}
      </Text>
      <Text c="dimmed" fz="xs">
        {plural(counts.total, "call")}
      </Text>
    </Group>
    <Text c="dimmed" fz="xs" mt={-4}>
      {note}
    </Text>
    <DistributionBar counts={counts} label={title} />
  </Stack>
)

const Distribution = ({
  distribution,
  selected,
  onAnalyst,
}: {
  readonly distribution: RatingDistribution
  readonly selected: UserId | undefined
  readonly onAnalyst: (analyst: UserId | undefined) => void
}) => (
  <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
    <Stack gap="lg">
      <Headline title="All coverage" note="Every active call of the house." counts={distribution.overall} />
      <Headline
        title="Paid relationship"
        note="Companies the house was paid by (e.g. banking in the last 12 months)."
        counts={distribution.paidRelationship}
      />
    </Stack>
    <Stack gap="xs" component="section" aria-labelledby="coverage-by-analyst">
      <Text fw={600} fz="sm" id="coverage-by-analyst">
        By analyst
      </Text>
      {distribution.byAnalyst.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No analyst covers a ticker yet.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {distribution.byAnalyst.map((entry) => (
            <li key={entry.analystId}>
              <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
                <UnstyledButton
                  className={classes.analyst}
                  fz="sm"
                  aria-pressed={selected === entry.analystId}
                  onClick={() => onAnalyst(selected === entry.analystId ? undefined : entry.analystId)}
                  title={
                    selected === entry.analystId
                      ? "Show every analyst"
                      : `Only ${entry.analystName}'s coverage`
                  }
                >
                  {entry.analystName}
                </UnstyledButton>
                <Text c="dimmed" fz="xs" style={{ flex: "none" }}>
                  {plural(entry.counts.total, "call")}
                </Text>
              </Group>
              <DistributionBar counts={entry.counts} label={entry.analystName} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  </SimpleGrid>
)

/**
 * The share of buy, hold and sell over active coverage — overall, of paid relationships and per
 * analyst — drawn with Progress sections (no chart library on this screen).
 */
export const RatingDistributionSection = ({
  selected,
  onAnalyst,
}: {
  readonly selected: UserId | undefined
  readonly onAnalyst: (analyst: UserId | undefined) => void
}) => {
  const distribution = useQuery(ratingDistributionQueryOptions())
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      component="section"
      aria-labelledby="rating-distribution"
    >
      <Group justify="space-between" align="baseline" mb="md" gap="xs">
        <Title order={2} fz="h4" id="rating-distribution">
          Rating distribution
        </Title>
        {distribution.data && (
          <Text c="dimmed" fz="xs">
            Active coverage on {formatDate(distribution.data.at)}
          </Text>
        )}
      </Group>
      {distribution.isPending ? (
        <SectionPending label="Loading the rating distribution…" rows={2} />
      ) : distribution.isError ? (
        <InlineError error={distribution.error} onRetry={() => void distribution.refetch()} />
      ) : (
        <Distribution distribution={distribution.data} selected={selected} onAnalyst={onAnalyst} />
      )}
    </Paper>
  )
}
