import type { RatingCounts, UserId } from "@folio/core"
import { Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core"
import { useQuery } from "@tanstack/react-query"
import { ratingDistributionQueryOptions } from "../../../../api/coverage"
import { formatDate, plural } from "../directory/format"
import { InlineError, SectionPending } from "../directory/layout"
import { AnalystDistribution } from "./AnalystDistribution"
import { DistributionBar } from "./DistributionBar"

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
    <Group justify="space-between" gap="xs" align="baseline" wrap="nowrap">
      <Text fw={600} fz="sm">
        {title}
      </Text>
      <Text c="dimmed" fz="xs" style={{ flex: "none" }}>
        {plural(counts.total, "call")}
      </Text>
    </Group>
    <Text c="dimmed" fz="xs" mt={-4}>
      {note}
    </Text>
    <DistributionBar counts={counts} label={title} />
  </Stack>
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
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl" verticalSpacing="lg">
          <Stack gap="lg">
            <Headline
              title="All coverage"
              note="Every active call of the house."
              counts={distribution.data.overall}
            />
            <Headline
              title="Paid relationship"
              note="Companies the house was paid by (e.g. banking in the last 12 months)."
              counts={distribution.data.paidRelationship}
            />
          </Stack>
          <Stack gap="xs" component="section" aria-labelledby="coverage-by-analyst">
            <Title order={3} fw={600} fz="sm" id="coverage-by-analyst">
              By analyst
            </Title>
            <AnalystDistribution
              byAnalyst={distribution.data.byAnalyst}
              selected={selected}
              onAnalyst={onAnalyst}
            />
          </Stack>
        </SimpleGrid>
      )}
    </Paper>
  )
}
