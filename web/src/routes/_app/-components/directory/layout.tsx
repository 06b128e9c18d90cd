import {
  Alert,
  Breadcrumbs,
  Button,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core"
import type { ReactNode } from "react"
import { AlertIcon } from "../../../../components/icons"
import { actionErrorText } from "./forms"

/** The title block of a screen: breadcrumbs, the one `h1`, a line of context and the screen's actions. */
export const PageHeader = ({
  title,
  description,
  crumbs,
  actions,
  badges,
}: {
  readonly title: string
  readonly description?: ReactNode
  /** Links to the screens above this one; the screen itself is added last. */
  readonly crumbs?: ReadonlyArray<ReactNode>
  readonly actions?: ReactNode
  readonly badges?: ReactNode
}) => (
  <Stack gap={6}>
    {crumbs !== undefined && crumbs.length > 0 && (
      <Breadcrumbs component="nav" aria-label="Breadcrumb" fz="sm" separatorMargin={6}>
        {crumbs}
        <Text fz="sm" c="dimmed" aria-current="page" truncate maw="16rem">
          {title}
        </Text>
      </Breadcrumbs>
    )}
    <Group justify="space-between" align="flex-start" gap="sm">
      <Stack gap={4} miw={0} style={{ flex: "1 1 16rem" }}>
        <Group gap="sm" align="center">
          <Title order={1} style={{ overflowWrap: "anywhere" }}>
            {title}
          </Title>
          {badges}
        </Group>
        {description !== undefined && <Text c="dimmed">{description}</Text>}
      </Stack>
      {actions !== undefined && (
        <Group gap="xs" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  </Stack>
)

/** A titled card of a screen, announced as a region by its heading. */
export const Section = ({
  id,
  title,
  description,
  actions,
  children,
}: {
  readonly id: string
  readonly title: string
  readonly description?: ReactNode
  readonly actions?: ReactNode
  readonly children: ReactNode
}) => (
  <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} component="section" aria-labelledby={id}>
    <Group justify="space-between" align="flex-start" mb="md" gap="sm">
      <div>
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
        {description !== undefined && (
          <Text c="dimmed" fz="sm" mt={2}>
            {description}
          </Text>
        )}
      </div>
      {actions !== undefined && <Group gap="xs">{actions}</Group>}
    </Group>
    {children}
  </Paper>
)

/** Nothing to show: says why, and offers the next step. */
export const EmptyList = ({
  title,
  description,
  action,
}: {
  readonly title: string
  readonly description?: ReactNode
  readonly action?: ReactNode
}) => (
  <EmptyState
    py="xl"
    title={title}
    description={description}
    icon={<AlertIcon size={22} />}
    withIndicatorBackground
    size="sm"
  >
    {action !== undefined && <EmptyState.Actions>{action}</EmptyState.Actions>}
  </EmptyState>
)

/** The keyset "Load more" control, with the failure of the last attempt and a way to retry. */
export const LoadMore = ({
  shown,
  noun,
  hasMore,
  loading,
  error,
  onLoadMore,
}: {
  readonly shown: number
  readonly noun: string
  readonly hasMore: boolean
  readonly loading: boolean
  readonly error: unknown
  readonly onLoadMore: () => void
}) => (
  <Stack gap="xs" mt="md" align="center">
    {error !== null && error !== undefined && (
      <Alert
        color="red"
        variant="light"
        icon={<AlertIcon />}
        role="alert"
        w="100%"
        title="Could not load more"
      >
        {actionErrorText(error)}
      </Alert>
    )}
    <Group gap="sm" justify="center">
      <Text c="dimmed" fz="sm" aria-live="polite">
        {hasMore
          ? `Showing the first ${shown.toLocaleString()} ${noun}`
          : `${shown.toLocaleString()} ${noun}`}
      </Text>
      {hasMore && (
        <Button variant="default" size="xs" loading={loading} onClick={onLoadMore}>
          Load more
        </Button>
      )}
    </Group>
  </Stack>
)

/** A screen's pending state: its title and a table-shaped placeholder (the router shows it after 1 s). */
export const ListPending = ({ title, label }: { readonly title: string; readonly label: string }) => (
  <Stack gap="lg" maw={1200}>
    <Title order={1}>{title}</Title>
    <Paper withBorder radius="lg" p="lg">
      <div role="status" aria-live="polite">
        <Text c="dimmed" fz="sm" mb="md">
          {label}
        </Text>
        <Stack gap="sm" aria-hidden="true">
          {[0, 1, 2, 3, 4, 5].map((row) => (
            <Skeleton key={row} height={28} radius="sm" />
          ))}
        </Stack>
      </div>
    </Paper>
  </Stack>
)

/** A section's own pending state while the rest of the screen is already shown. */
export const SectionPending = ({ label, rows = 3 }: { readonly label: string; readonly rows?: number }) => (
  <div role="status" aria-live="polite">
    <Text c="dimmed" fz="sm" mb="sm">
      {label}
    </Text>
    <Stack gap="xs" aria-hidden="true">
      {Array.from({ length: rows }, (_, row) => `placeholder-${row}`).map((key) => (
        <Skeleton key={key} height={44} radius="md" />
      ))}
    </Stack>
  </div>
)

/** The error of a section that failed on its own while the rest of the screen is fine. */
export const InlineError = ({
  error,
  onRetry,
}: {
  readonly error: unknown
  readonly onRetry?: () => void
}) => (
  <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" title="Could not load this">
    <Stack gap="xs" align="flex-start">
      <Text fz="sm">{actionErrorText(error)}</Text>
      {onRetry && (
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Stack>
  </Alert>
)
