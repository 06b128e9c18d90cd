import type { AnalyticsTotals } from "@folio/core"
import { Paper, SimpleGrid, Skeleton, Text } from "@mantine/core"
import { formatCount } from "./format"

interface Figure {
  readonly key: keyof AnalyticsTotals
  readonly label: string
  readonly hint: string
  /** About a person rather than a report: not part of an analyst's own readership. */
  readonly account?: true
}

const figures: ReadonlyArray<Figure> = [
  { key: "views", label: "Views", hint: "Reports opened" },
  { key: "reads", label: "Reads", hint: "16 s or more on screen" },
  { key: "readers", label: "Readers", hint: "People with a read" },
  { key: "searches", label: "Searches", hint: "Searches run", account: true },
  { key: "signIns", label: "Sign-ins", hint: "Sessions started", account: true },
  { key: "feedFetches", label: "Feed fetches", hint: "Feeds fetched", account: true },
  { key: "emailOpens", label: "Email opens", hint: "Emails opened" },
  { key: "podcastPlays", label: "Podcast plays", hint: "Episodes played" },
]

/**
 * The range's totals, one card each, announced as a group by its label. An analyst's own
 * readership leaves out what is not about a report (searches, sign-ins, feed fetches).
 */
export const Totals = ({
  totals,
  own,
}: {
  readonly totals: AnalyticsTotals | undefined
  readonly own: boolean
}) => (
  <SimpleGrid cols={{ base: 2, sm: own ? 5 : 4 }} spacing="sm" component="section" aria-label="Totals">
    {figures
      .filter((figure) => !own || figure.account !== true)
      .map((figure) => {
        const id = `analytics-total-${figure.key}`
        return (
          <Paper key={figure.key} withBorder radius="md" p="sm" role="group" aria-labelledby={id}>
            <Text fz="sm" fw={600} c="dimmed" id={id}>
              {figure.label}
            </Text>
            {totals === undefined ? (
              <Skeleton h={30} w="60%" my={2} radius="sm" />
            ) : (
              <Text
                fz={26}
                fw={700}
                lh={1.3}
                style={{ fontVariantNumeric: "tabular-nums", overflowWrap: "anywhere" }}
              >
                {formatCount(totals[figure.key])}
              </Text>
            )}
            <Text fz="xs" c="dimmed">
              {figure.hint}
            </Text>
          </Paper>
        )
      })}
  </SimpleGrid>
)
