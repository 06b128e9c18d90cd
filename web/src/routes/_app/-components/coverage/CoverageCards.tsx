import type { Coverage } from "@folio/core"
import { Group, Stack, Text, UnstyledButton } from "@mantine/core"
import { AnchorLink } from "../directory/AnchorLink"
import { formatDate } from "../directory/format"
import classes from "./CoverageScreen.module.css"
import { RowMenu } from "./CoverageTable"
import { formatTarget } from "./format"
import { FlagBadge, RatingBadge } from "./RatingBadge"
import { type RowActions, rowName } from "./rows"
import { rowKeyOf } from "./search"

/** The universe on a phone: one card per row (a table would scroll sideways), each opening its history. */
export const CoverageCards = ({
  rows,
  selected,
  actions,
  dimmed,
}: {
  readonly rows: ReadonlyArray<Coverage>
  readonly selected: string | undefined
  readonly actions: (row: Coverage) => RowActions
  readonly dimmed: boolean
}) => (
  <Stack
    gap={0}
    component="ul"
    p={0}
    m={0}
    aria-label="Coverage"
    style={{ listStyle: "none" }}
    opacity={dimmed ? 0.6 : 1}
  >
    {rows.map((row) => {
      const key = rowKeyOf(row)
      const rowActions = actions(row)
      return (
        <li key={key} className={classes.card} data-selected={key === selected || undefined}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Stack gap={4} miw={0} style={{ flex: 1 }}>
              <Group gap="xs" wrap="nowrap" miw={0}>
                <UnstyledButton
                  className={classes.symbol}
                  onClick={() => rowActions.open(row)}
                  aria-label={`History of ${rowName(row)}`}
                >
                  {row.symbol}
                </UnstyledButton>
                <Text fz="xs" c="dimmed" truncate>
                  {row.tickerName}
                </Text>
              </Group>
              <Group gap={6} wrap="wrap">
                <RatingBadge rating={row.rating} size="sm" />
                {row.droppedAt !== null && <FlagBadge color="gray">Dropped</FlagBadge>}
                {row.paidRelationship && (
                  <FlagBadge color="grape" title="The house was paid by this company">
                    Paid
                  </FlagBadge>
                )}
                <Text fz="sm" style={{ fontVariantNumeric: "tabular-nums" }}>
                  {formatTarget(row.targetPrice, row.targetCurrency)}
                </Text>
              </Group>
              <Text fz="xs" c="dimmed">
                {row.analystName} · since {formatDate(row.since)}
              </Text>
              {row.lastReport !== null && (
                <AnchorLink
                  to="/reports/$reportId"
                  params={{ reportId: row.lastReport.id }}
                  fz="xs"
                  lineClamp={1}
                >
                  {row.lastReport.title}
                </AnchorLink>
              )}
            </Stack>
            <RowMenu row={row} actions={rowActions} />
          </Group>
        </li>
      )
    })}
  </Stack>
)
