import { type Rating, ratingLabels } from "@folio/core"
import { Badge, Group, Text, VisuallyHidden } from "@mantine/core"
import type { ReactNode } from "react"
import { ArrowRightIcon } from "../../../../components/icons"
import { ratingColors } from "./format"

export const RatingBadge = ({
  rating,
  size = "md",
}: {
  readonly rating: Rating
  readonly size?: "sm" | "md"
}) => (
  <Badge
    variant={rating === "not_rated" ? "outline" : "light"}
    radius="sm"
    size={size}
    color={ratingColors[rating]}
    style={{ flex: "none", maxWidth: "none" }}
    styles={{ label: { overflow: "visible" } }}
  >
    {ratingLabels[rating]}
  </Badge>
)

/** A row's flag beside its rating: dropped, paid relationship. Never cut short in a narrow cell. */
export const FlagBadge = ({
  color,
  title,
  children,
}: {
  readonly color: string
  readonly title?: string | undefined
  readonly children: ReactNode
}) => (
  <Badge
    variant="outline"
    color={color}
    radius="sm"
    size="sm"
    title={title}
    style={{ flex: "none", maxWidth: "none" }}
    styles={{ label: { overflow: "visible" } }}
  >
    {children}
  </Badge>
)

export const Missing = () => (
  <Text component="span" c="dimmed" fz="sm">
    —
  </Text>
)

/** "Rating Hold → Buy" (screen readers hear "Rating from Hold to Buy"); a side left out shows "—". */
export const FromTo = ({
  subject,
  from,
  to,
}: {
  readonly subject: string
  readonly from: ReactNode
  readonly to: ReactNode
}) => (
  <Group gap={6} wrap="wrap" align="center">
    <Text span c="dimmed" fz="xs" w={44}>
      {subject}
    </Text>
    <VisuallyHidden>{" from "}</VisuallyHidden>
    {from ?? <Missing />}
    <ArrowRightIcon size={14} style={{ color: "var(--mantine-color-dimmed)", flex: "none" }} />
    <VisuallyHidden>{" to "}</VisuallyHidden>
    {to ?? <Missing />}
  </Group>
)
