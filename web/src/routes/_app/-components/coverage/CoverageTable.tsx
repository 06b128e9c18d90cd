import type { Coverage, CoverageSort } from "@folio/core"
import { ActionIcon, Group, Menu, Stack, Table, Text, UnstyledButton, VisuallyHidden } from "@mantine/core"
import { EditIcon, HistoryIcon, TrashIcon } from "../../../../components/icons"
import { AnchorLink } from "../directory/AnchorLink"
import { formatDate } from "../directory/format"
import { DotsIcon } from "../directory/icons"
import classes from "./CoverageScreen.module.css"
import { formatTarget } from "./format"
import { FlagBadge, Missing, RatingBadge } from "./RatingBadge"
import { type RowActions, rowName } from "./rows"
import { SortHeader } from "./SortHeader"
import { rowKeyOf } from "./search"

export const RowMenu = ({ row, actions }: { readonly row: Coverage; readonly actions: RowActions }) => {
  const { edit, drop } = actions
  if (edit === undefined) return null
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${rowName(row)}`}>
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<EditIcon size={16} />} onClick={() => edit(row)}>
          {row.droppedAt === null ? "Edit coverage" : "Initiate again"}
        </Menu.Item>
        <Menu.Item leftSection={<HistoryIcon size={16} />} onClick={() => actions.open(row)}>
          History
        </Menu.Item>
        {drop !== undefined && row.droppedAt === null && (
          <>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<TrashIcon size={16} />} onClick={() => drop(row)}>
              Drop coverage
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  )
}

const LastReport = ({ row }: { readonly row: Coverage }) =>
  row.lastReport === null ? (
    <Missing />
  ) : (
    <Stack gap={0} maw={240}>
      <AnchorLink
        to="/reports/$reportId"
        params={{ reportId: row.lastReport.id }}
        fz="sm"
        lineClamp={2}
        title={row.lastReport.title}
      >
        {row.lastReport.title}
      </AnchorLink>
      {row.lastReport.publishedAt !== null && (
        <Text c="dimmed" fz="xs">
          {formatDate(row.lastReport.publishedAt)}
        </Text>
      )}
    </Stack>
  )

/**
 * The coverage universe, one row per ticker and analyst. Each header sorts (the order lives in
 * the URL); a row, or its symbol's button for the keyboard, opens its history.
 */
export const CoverageTable = ({
  rows,
  sort,
  onSort,
  selected,
  actions,
  dimmed,
}: {
  readonly rows: ReadonlyArray<Coverage>
  readonly sort: CoverageSort
  readonly onSort: (sort: CoverageSort) => void
  /** The row whose history is open. */
  readonly selected: string | undefined
  readonly actions: (row: Coverage) => RowActions
  /** While the rows of the next filters load. */
  readonly dimmed: boolean
}) => (
  <Table.ScrollContainer minWidth={980}>
    <Table highlightOnHover verticalSpacing="sm" aria-label="Coverage" opacity={dimmed ? 0.6 : 1}>
      <Table.Thead>
        <Table.Tr>
          <SortHeader label="Ticker" field="symbol" sort={sort} onSort={onSort} />
          <SortHeader label="Analyst" field="analyst" sort={sort} onSort={onSort} />
          <SortHeader label="Rating" field="rating" sort={sort} onSort={onSort} />
          <SortHeader
            label="Target"
            field="target"
            sort={sort}
            onSort={onSort}
            descendingFirst
            align="right"
          />
          <SortHeader label="Since" field="since" sort={sort} onSort={onSort} descendingFirst />
          <SortHeader label="Last report" field="lastReport" sort={sort} onSort={onSort} descendingFirst />
          <SortHeader label="Updated" field="updatedAt" sort={sort} onSort={onSort} descendingFirst />
          <Table.Th w={48}>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const key = rowKeyOf(row)
          const rowActions = actions(row)
          return (
            <Table.Tr
              key={key}
              className={classes.row}
              data-selected={key === selected || undefined}
              data-dropped={row.droppedAt !== null || undefined}
              onClick={(event) => {
                // Clicks on the row's own controls are theirs.
                if ((event.target as HTMLElement).closest("button, a, [role=menu]")) return
                rowActions.open(row)
              }}
            >
              <Table.Td>
                <Stack gap={0} miw={0}>
                  <UnstyledButton
                    className={classes.symbol}
                    onClick={() => rowActions.open(row)}
                    aria-label={`History of ${rowName(row)}`}
                    style={{ alignSelf: "flex-start" }}
                  >
                    {row.symbol}
                  </UnstyledButton>
                  <Text fz="xs" c="dimmed" lineClamp={1} maw={220} title={row.tickerName}>
                    {row.tickerName}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
                  {row.analystName}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <RatingBadge rating={row.rating} />
                  {row.droppedAt !== null && (
                    <FlagBadge color="gray" title={formatDate(row.droppedAt)}>
                      Dropped
                    </FlagBadge>
                  )}
                  {row.paidRelationship && (
                    <FlagBadge color="grape" title="The house was paid by this company">
                      Paid
                    </FlagBadge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}>
                {row.targetPrice === null ? <Missing /> : formatTarget(row.targetPrice, row.targetCurrency)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDate(row.since)}</Table.Td>
              <Table.Td>
                <LastReport row={row} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                <Text fz="sm" c="dimmed">
                  {formatDate(row.updatedAt)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <RowMenu row={row} actions={rowActions} />
              </Table.Td>
            </Table.Tr>
          )
        })}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
)
