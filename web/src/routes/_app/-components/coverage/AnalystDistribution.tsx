import type { RatingDistribution, UserId } from "@folio/core"
import { Button, Group, Stack, Text, UnstyledButton } from "@mantine/core"
import { useState } from "react"
import { plural } from "../directory/format"
import classes from "./CoverageScreen.module.css"
import { DistributionBar } from "./DistributionBar"

/** Analysts listed before "Show all". */
const shownAtFirst = 4

/** Each analyst's distribution; a name filters the table to their coverage (and back). */
export const AnalystDistribution = ({
  byAnalyst,
  selected,
  onAnalyst,
}: {
  readonly byAnalyst: RatingDistribution["byAnalyst"]
  readonly selected: UserId | undefined
  readonly onAnalyst: (analyst: UserId | undefined) => void
}) => {
  const [all, setAll] = useState(false)
  if (byAnalyst.length === 0) {
    return (
      <Text c="dimmed" fz="sm">
        No analyst covers a ticker yet.
      </Text>
    )
  }
  const shown = all ? byAnalyst : byAnalyst.slice(0, shownAtFirst)
  return (
    <Stack gap="sm" align="stretch">
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {shown.map((entry) => {
          const pressed = selected === entry.analystId
          return (
            <li key={entry.analystId}>
              <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
                <UnstyledButton
                  className={classes.analyst}
                  fz="sm"
                  aria-pressed={pressed}
                  onClick={() => onAnalyst(pressed ? undefined : entry.analystId)}
                  title={pressed ? "Show every analyst" : `Only ${entry.analystName}'s coverage`}
                >
                  {entry.analystName}
                </UnstyledButton>
                <Text c="dimmed" fz="xs" style={{ flex: "none" }}>
                  {plural(entry.counts.total, "call")}
                </Text>
              </Group>
              <DistributionBar counts={entry.counts} label={entry.analystName} />
            </li>
          )
        })}
      </Stack>
      {byAnalyst.length > shownAtFirst && (
        <Button variant="subtle" size="xs" onClick={() => setAll(!all)} style={{ alignSelf: "flex-start" }}>
          {all ? "Show fewer" : `Show all ${byAnalyst.length} analysts`}
        </Button>
      )}
    </Stack>
  )
}
