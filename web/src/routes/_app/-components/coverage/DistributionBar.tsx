import { type RatingCounts, ratingLabels, ratingShare } from "@folio/core"
import { Box, Group, Progress, Stack, Text } from "@mantine/core"
import classes from "./CoverageScreen.module.css"

const rated = ["buy", "hold", "sell"] as const
type Rated = (typeof rated)[number]

/** Bars are read through their legend's text, so they take brighter shades than the badges (darkened for contrast). */
const barShades: Record<Rated, string> = { buy: "teal.6", hold: "yellow.5", sell: "red.6" }
const barVariable = (rating: Rated) => `var(--mantine-color-${barShades[rating].replace(".", "-")})`

/**
 * Buy, hold and sell as shares of the rated calls (as research rules count them), not rated
 * apart: a bar for the eye and a legend in text for everyone.
 */
export const DistributionBar = ({
  counts,
  label,
}: {
  readonly counts: RatingCounts
  readonly label: string
}) => {
  const total = counts.buy + counts.hold + counts.sell
  return (
    <Stack gap={6}>
      {/* The legend says it in text; the bar only draws it. */}
      <Progress.Root size="lg" radius="sm" aria-hidden="true">
        {total === 0 ? (
          <Progress.Section value={100} color="var(--mantine-color-default-border)" withAria={false} />
        ) : (
          rated.map((rating) => (
            <Progress.Section
              key={rating}
              value={(counts[rating] / total) * 100}
              color={barShades[rating]}
              withAria={false}
            />
          ))
        )}
      </Progress.Root>
      <Group gap="md" wrap="wrap" aria-label={label} role="group">
        {rated.map((rating) => (
          <Group key={rating} gap={6} wrap="nowrap">
            <Box className={classes.dot} style={{ backgroundColor: barVariable(rating) }} />
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
