import type { AuditEntry } from "@folio/core"
import { pluralNoun } from "@folio/core"
import { Badge, Button, Code, Group, Loader, Paper, SimpleGrid, Stack, Text, Tooltip } from "@mantine/core"
import { useDisclosure } from "@mantine/hooks"
import { useInfiniteQuery } from "@tanstack/react-query"
import type { AuditFilters } from "../../../../api/controlPanel"
import { auditExportHref, auditInfiniteQueryOptions } from "../../../../api/controlPanelLists"
import { UploadIcon } from "../../../../components/icons"
import { formatDateTime, formatRelative } from "../directory/format"
import { EmptyList, InlineError, LoadMore, Section, SectionPending } from "../directory/layout"
import { AuditFiltersForm } from "./AuditFiltersForm"

const Json = ({ label, value }: { readonly label: string; readonly value: unknown }) => (
  <div style={{ minWidth: 0 }}>
    <Text fz="xs" fw={600} c="dimmed" mb={2}>
      {label}
    </Text>
    {value === null || value === undefined ? (
      <Text fz="xs" c="dimmed">
        Nothing recorded
      </Text>
    ) : (
      <Code block fz="xs" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {JSON.stringify(value, null, 2)}
      </Code>
    )}
  </div>
)

const EntryItem = ({ entry }: { readonly entry: AuditEntry }) => {
  const [open, toggle] = useDisclosure(false)
  const who = entry.actorEmail ?? "Folio (a background job)"
  const target = entry.targetType === null ? null : `${entry.targetType} ${entry.targetId ?? ""}`.trim()
  const hasDetails = entry.before !== null || entry.after !== null
  const detailsId = `audit-entry-${entry.id}`
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={`${entry.action} by ${who}`}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} miw={0} style={{ flex: "1 1 16rem" }}>
          <Group gap={6}>
            <Badge variant="light" radius="sm" tt="none" color="indigo" style={{ maxWidth: "100%" }}>
              {entry.action}
            </Badge>
            <Text fz="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
              {who}
            </Text>
          </Group>
          <Text fz="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            <Tooltip label={formatDateTime(entry.at)} openDelay={300}>
              <span style={{ whiteSpace: "nowrap" }}>{formatRelative(entry.at)}</span>
            </Tooltip>
            {target !== null && <> · on {target}</>}
            {entry.ip !== null && <> · from {entry.ip}</>}
          </Text>
        </Stack>
        {hasDetails && (
          <Button
            size="xs"
            variant="subtle"
            onClick={toggle.toggle}
            aria-expanded={open}
            aria-controls={detailsId}
            style={{ flexShrink: 0 }}
          >
            {open ? "Hide details" : "Details"}
          </Button>
        )}
      </Group>
      {open && (
        <SimpleGrid id={detailsId} cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
          <Json label="Before" value={entry.before} />
          <Json label="After" value={entry.after} />
        </SimpleGrid>
      )}
    </Paper>
  )
}

const isFiltered = (filters: AuditFilters) => Object.values(filters).some((value) => value !== undefined)

/** The audit log: who did what to which object, newest first, filtered, paged, exported as CSV. */
export const AuditPanel = ({
  filters,
  onFiltersChange,
}: {
  readonly filters: AuditFilters
  readonly onFiltersChange: (filters: AuditFilters) => void
}) => {
  const query = useInfiniteQuery(auditInfiniteQueryOptions(filters))
  const entries = query.data?.pages.flatMap((page) => page.items) ?? []
  return (
    <Section
      id="audit-log"
      title="Audit log"
      description="Sign-ins and every admin, publishing and configuration change: who, what, on which object, from where."
      actions={
        <Button
          component="a"
          href={auditExportHref(filters)}
          download
          size="xs"
          variant="default"
          leftSection={<UploadIcon size={14} style={{ transform: "rotate(180deg)" }} />}
        >
          Export CSV
        </Button>
      }
    >
      <AuditFiltersForm key={JSON.stringify(filters)} filters={filters} onApply={onFiltersChange} />
      {query.isFetching && !query.isPending && !query.isFetchingNextPage && (
        <Loader size="sm" mb="sm" aria-label="Updating the log" />
      )}
      {query.isPending ? (
        <SectionPending label="Loading the audit log…" rows={4} />
      ) : query.isError && entries.length === 0 ? (
        <InlineError error={query.error} onRetry={() => void query.refetch()} />
      ) : entries.length === 0 ? (
        isFiltered(filters) ? (
          <EmptyList
            title="No entry matches these filters"
            action={
              <Button variant="default" onClick={() => onFiltersChange({})}>
                Clear filters
              </Button>
            }
          />
        ) : (
          <EmptyList title="Nothing recorded yet" />
        )
      ) : (
        <>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label="Audit entries">
            {entries.map((entry) => (
              <EntryItem key={entry.id} entry={entry} />
            ))}
          </Stack>
          <LoadMore
            shown={entries.length}
            noun={pluralNoun(entries.length, "entry", "entries")}
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            error={query.isFetchNextPageError ? query.error : null}
            onLoadMore={() => void query.fetchNextPage()}
          />
        </>
      )}
    </Section>
  )
}
