import type { ReportId } from "@folio/core"
import { Group, Stack, Text } from "@mantine/core"
import type { ReactNode } from "react"
import { AnchorLink } from "../directory/AnchorLink"
import { formatDateTime, formatRelative } from "../directory/format"

/** A report's title as a link to it, cut short with an ellipsis when the tile is narrow. */
export const ReportLink = ({ id, title }: { readonly id: ReportId; readonly title: string }) => (
  <AnchorLink
    to="/reports/$reportId"
    params={{ reportId: id }}
    fz="sm"
    fw={500}
    truncate
    miw={0}
    title={title}
  >
    {title}
  </AnchorLink>
)

/** A report in a tile: its title, a link to it, and what is said of it on the right. */
export const ReportRow = ({
  id,
  title,
  children,
}: {
  readonly id: ReportId
  readonly title: string
  readonly children?: ReactNode
}) => (
  <Group component="li" justify="space-between" wrap="nowrap" gap="sm">
    <ReportLink id={id} title={title} />
    {children !== undefined && (
      <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
        {children}
      </Group>
    )}
  </Group>
)

/** "3 hours ago", the exact time on hover. */
export const When = ({ at, prefix }: { readonly at: Date; readonly prefix?: string }) => (
  <Text component="span" fz="xs" c="dimmed" title={formatDateTime(at)} style={{ whiteSpace: "nowrap" }}>
    {prefix === undefined ? "" : `${prefix} `}
    {formatRelative(at)}
  </Text>
)

/**
 * A report in a tile with more to say than a time: its title on a line of its own (a phone keeps
 * more of it), what is said of it under it.
 */
export const ReportItem = ({
  id,
  title,
  children,
}: {
  readonly id: ReportId
  readonly title: string
  readonly children: ReactNode
}) => (
  <Stack component="li" gap={2}>
    <ReportLink id={id} title={title} />
    <Group gap={6} wrap="wrap">
      {children}
    </Group>
  </Stack>
)
