import {
  can,
  grantFor,
  pluralNoun,
  type ReportId,
  type ReportSort,
  type ReportType,
  reportTypes,
} from "@folio/core"
import {
  ActionBar,
  Box,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  useMantineTheme,
} from "@mantine/core"
import { useDisclosure, useDocumentTitle, useMediaQuery } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useMutation, useQueryClient, useSuspenseInfiniteQuery } from "@tanstack/react-query"
import { useDeferredValue, useState } from "react"
import { archiveReports, reportKeys, reportsInfiniteQueryOptions } from "../../../../api/reports"
import { deferred } from "../../../../components/deferred"
import { PlusIcon } from "../../../../components/icons"
import { plural } from "../directory/format"
import { EmptyList, LoadMore, PageHeader } from "../directory/layout"
import { useMe } from "../directory/permissions"
import { SearchInput } from "../directory/SearchInput"
import { ButtonLink } from "./ButtonLink"
import { reportTypeLabels } from "./badges"
import { AuthorFilter, StatusFilter, TickerFilter } from "./filters"
import { archivable } from "./permissions"
import { ReportsTable } from "./ReportsTable"
import { filtersOf, isFiltered, noFilters, type ReportSearch } from "./search"

/** Asked only on a bulk archive: its dialog code loads after the first screen. */
const ConfirmModal = deferred(
  () => import("../directory/ConfirmModal").then((module) => module.ConfirmModal),
  () => null,
)

const sortLabels: Record<ReportSort, string> = {
  "-updatedAt": "Recently updated",
  "-publishedAt": "Recently published",
  title: "Title (A–Z)",
}

/** Bulk archive: a confirmation, then one request; what the server refused is said per report. */
const useArchive = (onDone: () => void) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: archiveReports,
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: reportKeys.all })
      if (result.done.length > 0) {
        notifications.show({
          color: "teal",
          title: "Archived",
          message: `${plural(result.done.length, "report")} archived. Restore any of them from its page.`,
        })
      }
      if (result.failed.length > 0) {
        notifications.show({
          color: "red",
          title: `${plural(result.failed.length, "report")} not archived`,
          message: result.failed.map((failure) => failure.message).join(" "),
          autoClose: false,
        })
      }
      onDone()
    },
  })
}

export const ReportsScreen = ({
  search,
  onSearchChange,
}: {
  readonly search: ReportSearch
  readonly onSearchChange: (change: Partial<ReportSearch>) => void
}) => {
  useDocumentTitle("Reports · Folio")
  const me = useMe()
  const role = me.user.role
  // Readers and developers see published reports of their audience only: no workflow filters.
  const seesWorkflow = grantFor(role, "reports.read") === "all"
  const canCreate = can(role, "reports.create")
  const canArchive = grantFor(role, "reports.archive") === "all"
  const theme = useMantineTheme()
  const phone = useMediaQuery(`(width < ${theme.breakpoints.sm})`, false, { getInitialValueInEffect: false })
  const [filtersOpen, filtersPanel] = useDisclosure(false)
  const activeFilters = [
    search.status,
    search.ticker,
    search.sector,
    search.type,
    search.author,
    search.from ?? search.to,
  ].filter((value) => value !== undefined).length
  const shown = useDeferredValue(search)
  const query = useSuspenseInfiniteQuery(reportsInfiniteQueryOptions(filtersOf(shown)))
  const reports = query.data.pages.flatMap((page) => page.items)
  const updating = shown !== search
  const [selected, setSelected] = useState<ReadonlySet<ReportId>>(new Set())
  const [confirming, setConfirming] = useState(false)
  const archive = useArchive(() => {
    setSelected(new Set())
    setConfirming(false)
  })
  // Only rows on screen count: a filter change can hide a row that was picked.
  const picked = reports.filter((report) => selected.has(report.id))

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader
        title="Reports"
        description={
          seesWorkflow
            ? "Research in every state, from first draft to archive."
            : "Research published for you."
        }
        actions={
          canCreate ? (
            <ButtonLink to="/reports/new" leftSection={<PlusIcon size={16} />}>
              New report
            </ButtonLink>
          ) : undefined
        }
      />
      <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
        <Stack gap="sm" mb="md">
          {phone && (
            <Group justify="space-between">
              <Button
                variant="default"
                size="xs"
                onClick={filtersPanel.toggle}
                aria-expanded={filtersOpen}
                aria-controls="report-filters"
              >
                {activeFilters > 0 ? `Filters · ${activeFilters}` : "Filters"}
              </Button>
              {updating && <Loader size="sm" aria-label="Updating the list" />}
            </Group>
          )}
          {/* On a phone the filters fold away behind their button. */}
          <Box hidden={phone && !filtersOpen}>
            <Group
              component="search"
              id="report-filters"
              aria-label="Filter reports"
              gap="sm"
              align="flex-end"
              wrap="wrap"
            >
              {seesWorkflow && (
                <StatusFilter value={search.status} onChange={(status) => onSearchChange({ status })} />
              )}
              <TickerFilter value={search.ticker} onChange={(ticker) => onSearchChange({ ticker })} />
              <Box w={{ base: "100%", xs: 170 }} style={{ display: "flex" }}>
                <SearchInput
                  label="Sector"
                  placeholder="Any sector"
                  value={search.sector}
                  onSearch={(sector) => onSearchChange({ sector })}
                />
              </Box>
              <NativeSelect
                label="Type"
                value={search.type ?? ""}
                onChange={(event) =>
                  onSearchChange({ type: (event.currentTarget.value || undefined) as ReportType | undefined })
                }
                data={[
                  { value: "", label: "Any type" },
                  ...reportTypes.map((type) => ({ value: type, label: reportTypeLabels[type] })),
                ]}
              />
              {seesWorkflow && (
                <AuthorFilter
                  companyId={me.company.id}
                  value={search.author}
                  onChange={(author) => onSearchChange({ author })}
                />
              )}
              <TextInput
                type="date"
                label={search.sort === "-publishedAt" ? "Published from" : "Updated from"}
                value={search.from ?? ""}
                max={search.to}
                onChange={(event) => onSearchChange({ from: event.currentTarget.value || undefined })}
                w={{ base: "calc(50% - 6px)", xs: 150 }}
              />
              <TextInput
                type="date"
                label="to"
                value={search.to ?? ""}
                min={search.from}
                onChange={(event) => onSearchChange({ to: event.currentTarget.value || undefined })}
                w={{ base: "calc(50% - 6px)", xs: 150 }}
              />
              <NativeSelect
                label="Sort"
                value={search.sort ?? "-updatedAt"}
                onChange={(event) =>
                  onSearchChange({
                    sort:
                      event.currentTarget.value === "-updatedAt"
                        ? undefined
                        : (event.currentTarget.value as ReportSort),
                  })
                }
                data={Object.entries(sortLabels).map(([value, label]) => ({ value, label }))}
              />
              {isFiltered(search) && (
                <Button variant="subtle" onClick={() => onSearchChange(noFilters)}>
                  Clear filters
                </Button>
              )}
              {updating && !phone && <Loader size="sm" mb={8} aria-label="Updating the list" />}
            </Group>
          </Box>
        </Stack>
        {reports.length === 0 ? (
          isFiltered(search) ? (
            <EmptyList
              title="No report matches these filters"
              description="Try other filters, or clear them."
              action={
                <Button variant="default" onClick={() => onSearchChange(noFilters)}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyList
              title="No reports yet"
              description={
                canCreate
                  ? "Write the first one: it starts as a draft only you and the editors see."
                  : "Reports appear here once they are published for your company."
              }
              action={canCreate ? <ButtonLink to="/reports/new">New report</ButtonLink> : undefined}
            />
          )
        ) : (
          <>
            <ReportsTable
              reports={reports}
              label="Reports"
              dimmed={updating}
              showStatus={seesWorkflow}
              {...(canArchive
                ? {
                    selection: {
                      selected,
                      onChange: setSelected,
                      selectable: (report) =>
                        archivable(report) ? null : "Only published reports can be archived",
                    },
                  }
                : {})}
            />
            <LoadMore
              shown={reports.length}
              noun={pluralNoun(reports.length, "report", "reports")}
              hasMore={query.hasNextPage}
              loading={query.isFetchingNextPage}
              error={query.isFetchNextPageError ? query.error : null}
              onLoadMore={() => void query.fetchNextPage()}
            />
          </>
        )}
      </Paper>
      {canArchive && (
        <ActionBar
          opened={picked.length > 0}
          onClose={() => setSelected(new Set())}
          closeOnEscape
          aria-label="Selected reports"
        >
          <Text fz="sm" fw={500} px="xs">
            {plural(picked.length, "report")} selected
          </Text>
          <ActionBar.Divider />
          <Button size="xs" color="red" variant="light" onClick={() => setConfirming(true)}>
            Archive
          </Button>
          <ActionBar.CloseButton aria-label="Clear the selection" />
        </ActionBar>
      )}
      <ConfirmModal
        opened={confirming}
        onClose={() => {
          setConfirming(false)
          archive.reset()
        }}
        title={`Archive ${plural(picked.length, "report")}?`}
        confirmLabel="Archive"
        danger
        pending={archive.isPending}
        error={archive.error}
        onConfirm={() => archive.mutate(picked.map((report) => report.id))}
      >
        Archived reports leave readers' lists and feeds. Editors can restore them to draft later.
      </ConfirmModal>
    </Stack>
  )
}
