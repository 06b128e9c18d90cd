import type { Coverage } from "@folio/core"
import { Badge, Button, Drawer, Group, Stack, Text, Title } from "@mantine/core"
import { useMediaQuery } from "@mantine/hooks"
import { useQuery } from "@tanstack/react-query"
import { coverageHistoryQueryOptions } from "../../../../api/coverage"
import { EditIcon, TrashIcon } from "../../../../components/icons"
import { InfoList } from "../../../-components/InfoList"
import { AnchorLink } from "../directory/AnchorLink"
import { formatDate } from "../directory/format"
import { EmptyList, InlineError, SectionPending } from "../directory/layout"
import { CoverageTimeline } from "./CoverageTimeline"
import { formatTarget } from "./format"
import { Missing, RatingBadge } from "./RatingBadge"
import type { RowKey } from "./search"

const CurrentCall = ({ row }: { readonly row: Coverage }) => (
  <InfoList
    rows={[
      { label: "Ticker", value: `${row.tickerName} · ${row.sector}` },
      {
        label: "Rating",
        value: (
          <Group gap={6}>
            <RatingBadge rating={row.rating} />
            {row.droppedAt !== null && (
              <Badge variant="outline" color="gray" radius="sm">
                Dropped {formatDate(row.droppedAt)}
              </Badge>
            )}
          </Group>
        ),
      },
      {
        label: "Target",
        value: row.targetPrice === null ? <Missing /> : formatTarget(row.targetPrice, row.targetCurrency),
      },
      { label: "Since", value: formatDate(row.since) },
      {
        label: "Last report",
        value:
          row.lastReport === null ? (
            <Missing />
          ) : (
            <AnchorLink to="/reports/$reportId" params={{ reportId: row.lastReport.id }} fz="sm">
              {row.lastReport.title}
            </AnchorLink>
          ),
      },
      {
        label: "Paid relationship",
        value: row.paidRelationship ? "Yes: counted apart in the distribution" : "No",
      },
    ]}
  />
)

const History = ({ target }: { readonly target: RowKey }) => {
  const history = useQuery(coverageHistoryQueryOptions(target.symbol, target.analystId))
  if (history.isPending) return <SectionPending label="Loading the history…" />
  if (history.isError) return <InlineError error={history.error} onRetry={() => void history.refetch()} />
  if (history.data.items.length === 0)
    return <EmptyList title="No history yet" description="Nothing was recorded for this coverage." />
  return <CoverageTimeline changes={history.data.items} />
}

/**
 * One analyst's coverage of a ticker beside the table: the current call, what the signed-in user
 * may do with it, and every change with who made it, when, and the report that did.
 */
export const CoverageHistoryDrawer = ({
  target,
  row,
  onClose,
  onEdit,
  onDrop,
}: {
  /** The open row (from the URL); undefined when closed. */
  readonly target: RowKey | undefined
  /** Its current state, when the list shows it. */
  readonly row: Coverage | undefined
  readonly onClose: () => void
  readonly onEdit: ((row: Coverage) => void) | undefined
  readonly onDrop: ((row: Coverage) => void) | undefined
}) => {
  const isPhone = useMediaQuery("(max-width: 36em)")
  return (
    <Drawer
      opened={target !== undefined}
      onClose={onClose}
      position="right"
      size={isPhone ? "100%" : "md"}
      closeButtonProps={{ "aria-label": "Close the history" }}
      title={
        <Title order={2} fz="h3">
          {target?.symbol}
          {row !== undefined && (
            <Text span c="dimmed" fz="md" fw={500}>
              {" "}
              · {row.analystName}
            </Text>
          )}
        </Title>
      }
    >
      {target !== undefined && (
        <Stack gap="lg">
          {row !== undefined && (
            <>
              <CurrentCall row={row} />
              {onEdit !== undefined && (
                <Group gap="xs">
                  <Button variant="default" leftSection={<EditIcon size={16} />} onClick={() => onEdit(row)}>
                    {row.droppedAt === null ? "Edit coverage" : "Initiate again"}
                  </Button>
                  {onDrop !== undefined && row.droppedAt === null && (
                    <Button
                      variant="light"
                      color="red"
                      leftSection={<TrashIcon size={16} />}
                      onClick={() => onDrop(row)}
                    >
                      Drop
                    </Button>
                  )}
                </Group>
              )}
            </>
          )}
          <Stack gap="sm" component="section" aria-labelledby="coverage-history">
            <Title order={3} fz="h5" id="coverage-history">
              History
            </Title>
            <History target={target} />
          </Stack>
        </Stack>
      )}
    </Drawer>
  )
}
