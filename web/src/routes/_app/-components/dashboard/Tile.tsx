import { Box, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from "@mantine/core"
import type { UseQueryResult } from "@tanstack/react-query"
import type { ReactNode } from "react"
import { ArrowRightIcon } from "../../../../components/icons"
import { InlineError } from "../directory/layout"

/**
 * One tile of the dashboard: a region named by its heading, the heading a link to where the tile's
 * content lives in full (`heading` is that link; `TileHeadingLink` gives it its arrow).
 */
export const Tile = ({
  id,
  heading,
  description,
  children,
}: {
  readonly id: string
  readonly heading: ReactNode
  readonly description?: ReactNode
  readonly children: ReactNode
}) => (
  <Paper
    withBorder
    radius="lg"
    p={{ base: "md", sm: "lg" }}
    component="section"
    aria-labelledby={id}
    miw={0}
    h="100%"
  >
    <Box mb="sm">
      <Title order={2} fz="h4" id={id}>
        {heading}
      </Title>
      {description !== undefined && (
        <Text c="dimmed" fz="sm" mt={2}>
          {description}
        </Text>
      )}
    </Box>
    {children}
  </Paper>
)

/** The words of a tile's heading link, with the arrow that says it leads on. */
export const TileHeadingText = ({ children }: { readonly children: ReactNode }) => (
  <Group component="span" gap={6} wrap="nowrap" display="inline-flex">
    <span>{children}</span>
    <ArrowRightIcon size={16} style={{ flexShrink: 0 }} />
  </Group>
)

/** A tile still loading: a line for screen readers, rows of placeholder for the eye. */
export const TileSkeleton = ({ label, rows = 3 }: { readonly label: string; readonly rows?: number }) => (
  <div role="status">
    <VisuallyHidden>{label}</VisuallyHidden>
    <Stack gap="xs" aria-hidden="true">
      {Array.from({ length: rows }, (_, row) => `row-${row}`).map((key) => (
        <Skeleton key={key} height={22} radius="sm" />
      ))}
    </Stack>
  </div>
)

/** A tile with nothing to show: says so, and what would fill it. */
export const TileEmpty = ({ children }: { readonly children: ReactNode }) => (
  <Text c="dimmed" fz="sm">
    {children}
  </Text>
)

/**
 * A tile's body from its query: the skeleton while it loads, its own error with a retry (a tile
 * that fails leaves the rest of the dashboard alone), the empty state, or the content.
 */
export const TileQuery = <A,>({
  query,
  loading,
  rows,
  isEmpty,
  empty,
  children,
}: {
  readonly query: UseQueryResult<A>
  readonly loading: string
  readonly rows?: number
  readonly isEmpty: (data: A) => boolean
  readonly empty: ReactNode
  readonly children: (data: A) => ReactNode
}) => {
  if (query.isPending) return <TileSkeleton label={loading} {...(rows === undefined ? {} : { rows })} />
  if (query.isError) return <InlineError error={query.error} onRetry={() => void query.refetch()} />
  if (isEmpty(query.data)) return <TileEmpty>{empty}</TileEmpty>
  return <>{children(query.data)}</>
}

/** The unstyled list the tiles' rows go in. */
export const TileList = ({ label, children }: { readonly label?: string; readonly children: ReactNode }) => (
  <Stack
    gap={10}
    component="ul"
    style={{ listStyle: "none", margin: 0, padding: 0 }}
    {...(label === undefined ? {} : { "aria-label": label })}
  >
    {children}
  </Stack>
)

/** A small horizontal bar (a share of the largest value), drawn with CSS: no chart library here. */
export const ShareBar = ({ value, max }: { readonly value: number; readonly max: number }) => (
  <Box
    aria-hidden="true"
    h={6}
    style={{
      borderRadius: 3,
      background: "var(--mantine-color-default-border)",
      overflow: "hidden",
    }}
  >
    <Box
      h="100%"
      style={{
        width: `${max > 0 && value > 0 ? Math.max(2, Math.round((value / max) * 100)) : 0}%`,
        background: "var(--mantine-primary-color-filled)",
        borderRadius: 3,
      }}
    />
  </Box>
)
