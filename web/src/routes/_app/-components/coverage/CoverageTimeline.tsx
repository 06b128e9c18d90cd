import type { CoverageChange, CoverageChangeKind } from "@folio/core"
import { Blockquote, Stack, Text, Timeline } from "@mantine/core"
import { EditIcon, PlusIcon, TrashIcon } from "../../../../components/icons"
import { AnchorLink } from "../directory/AnchorLink"
import { formatDateTime } from "../directory/format"
import { formatTarget } from "./format"
import { FromTo, RatingBadge } from "./RatingBadge"

const kinds: Record<
  CoverageChangeKind,
  { readonly label: string; readonly color: string; readonly icon: typeof EditIcon }
> = {
  initiate: { label: "Initiated", color: "teal", icon: PlusIcon },
  change: { label: "Changed", color: "indigo", icon: EditIcon },
  drop: { label: "Dropped", color: "gray", icon: TrashIcon },
}

const target = (price: number | null, currency: string | null) =>
  price === null ? null : (
    <Text span fz="sm" style={{ fontVariantNumeric: "tabular-nums" }}>
      {formatTarget(price, currency)}
    </Text>
  )

const ChangeBody = ({ change }: { readonly change: CoverageChange }) => {
  const ratingMoved = change.fromRating !== change.toRating
  const targetMoved = change.fromTarget !== change.toTarget || change.fromCurrency !== change.toCurrency
  return (
    <Stack gap={6} mt={4}>
      <Text c="dimmed" fz="xs">
        {formatDateTime(change.at)}
        {change.by !== null && ` · by ${change.by.name}`}
      </Text>
      {ratingMoved && (
        <FromTo
          subject="Rating"
          from={change.fromRating === null ? null : <RatingBadge rating={change.fromRating} size="sm" />}
          to={change.toRating === null ? null : <RatingBadge rating={change.toRating} size="sm" />}
        />
      )}
      {targetMoved && (
        <FromTo
          subject="Target"
          from={target(change.fromTarget, change.fromCurrency)}
          to={target(change.toTarget, change.toCurrency)}
        />
      )}
      {change.report !== null && (
        <Text fz="sm">
          Through{" "}
          <AnchorLink to="/reports/$reportId" params={{ reportId: change.report.id }} fz="sm">
            {change.report.title}
          </AnchorLink>
        </Text>
      )}
      {change.note !== null && change.note !== "" && (
        <Blockquote p="xs" fz="sm" radius="sm" color="gray" style={{ whiteSpace: "pre-wrap" }}>
          {change.note}
        </Blockquote>
      )}
    </Stack>
  )
}

/** Every initiation, change and drop of one analyst's coverage of a ticker, newest first. */
export const CoverageTimeline = ({ changes }: { readonly changes: ReadonlyArray<CoverageChange> }) => (
  <Timeline bulletSize={26} lineWidth={2} active={changes.length}>
    {changes.map((change) => {
      const kind = kinds[change.kind]
      const Icon = kind.icon
      return (
        <Timeline.Item
          key={change.id}
          color={kind.color}
          bullet={<Icon size={14} />}
          title={
            <Text fw={600} fz="sm" component="h4" m={0}>
              {kind.label}
            </Text>
          }
        >
          <ChangeBody change={change} />
        </Timeline.Item>
      )
    })}
  </Timeline>
)
