import { type ReportStatus, type ReportType, statusLabels } from "@folio/core"
import { Badge, VisuallyHidden } from "@mantine/core"

const statusColors: Record<ReportStatus, string> = {
  draft: "gray",
  in_review: "yellow",
  approved: "blue",
  scheduled: "violet",
  published: "teal",
  archived: "dark",
}

/** `labelled` says "Status:" to screen readers, for a badge that stands alone (a page's header). */
export const ReportStatusBadge = ({
  status,
  labelled = false,
}: {
  readonly status: ReportStatus
  readonly labelled?: boolean
}) => (
  <Badge
    variant={status === "archived" ? "outline" : "light"}
    radius="sm"
    color={statusColors[status]}
    style={{ flexShrink: 0, maxWidth: "none" }}
    styles={{ label: { overflow: "visible" } }}
  >
    {labelled && <VisuallyHidden>Status: </VisuallyHidden>}
    {statusLabels[status]}
  </Badge>
)

export const reportTypeLabels: Record<ReportType, string> = {
  note: "Note",
  update: "Update",
  initiation: "Initiation",
  sector: "Sector",
  flash: "Flash",
}

export const ratingLabels = { buy: "Buy", hold: "Hold", sell: "Sell", not_rated: "Not rated" } as const

const ratingColors = { buy: "teal", hold: "yellow", sell: "red", not_rated: "gray" } as const

export const RatingBadge = ({ rating }: { readonly rating: keyof typeof ratingLabels }) => (
  <Badge variant="dot" radius="sm" color={ratingColors[rating]}>
    {ratingLabels[rating]}
  </Badge>
)

export const TickerBadge = ({ symbol }: { readonly symbol: string }) => (
  <Badge variant="default" radius="sm" tt="none" ff="monospace" fw={600}>
    {symbol}
  </Badge>
)
