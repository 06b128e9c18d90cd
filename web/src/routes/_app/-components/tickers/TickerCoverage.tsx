import { Group, Skeleton, Stack, Text } from "@mantine/core"
import { useQuery } from "@tanstack/react-query"
import { coverageListQueryOptions } from "../../../../api/coverage"
import { formatTarget } from "../coverage/format"
import { RatingBadge } from "../coverage/RatingBadge"
import { rowKeyOf } from "../coverage/search"
import { AnchorLink } from "../directory/AnchorLink"
import { formatDate } from "../directory/format"
import { EmptyList, InlineError } from "../directory/layout"

/** Who covers the ticker, with their rating, target and since when; each opens its history. */
export const TickerCoverage = ({ symbol }: { readonly symbol: string }) => {
  const coverage = useQuery(coverageListQueryOptions({ symbol }))
  if (coverage.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading the coverage">
        {[0, 1].map((row) => (
          <Skeleton key={row} height={44} radius="sm" />
        ))}
      </Stack>
    )
  }
  if (coverage.isError) return <InlineError error={coverage.error} onRetry={() => void coverage.refetch()} />
  const rows = coverage.data.items
  if (rows.length === 0) {
    return (
      <EmptyList
        title="Not covered"
        description={`No analyst covers ${symbol} at the moment.`}
        action={
          <AnchorLink to="/coverage" fz="sm">
            Open coverage
          </AnchorLink>
        }
      />
    )
  }
  return (
    <Stack gap={4}>
      <Stack
        gap={0}
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: "none" }}
        aria-label={`Coverage of ${symbol}`}
      >
        {rows.map((row) => (
          <Group
            component="li"
            key={row.analystId}
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            py={8}
            style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
          >
            <Stack gap={2} miw={0}>
              <AnchorLink
                to="/coverage"
                search={{ symbol, history: rowKeyOf(row) }}
                fz="sm"
                fw={600}
                aria-label={`${row.analystName}: history of the coverage`}
              >
                {row.analystName}
              </AnchorLink>
              <Text c="dimmed" fz="xs">
                Since {formatDate(row.since)}
                {row.targetPrice !== null && ` · target ${formatTarget(row.targetPrice, row.targetCurrency)}`}
              </Text>
            </Stack>
            <RatingBadge rating={row.rating} />
          </Group>
        ))}
      </Stack>
      <AnchorLink to="/coverage" search={{ symbol }} fz="sm" mt="xs">
        {symbol} in coverage
      </AnchorLink>
    </Stack>
  )
}
