import type { Release } from "@folio/core"
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core"
import { useDocumentTitle, useMediaQuery } from "@mantine/hooks"
import { useQuery } from "@tanstack/react-query"
import { useMemo, useState } from "react"
import {
  blackoutsQueryOptions,
  restrictedQueryOptions,
  type ScheduleRange,
  scheduleQueryOptions,
} from "../../../../api/releases"
import { AlertIcon, ChevronDownIcon } from "../../../../components/icons"
import { InlineError, PageHeader, SectionPending } from "../directory/layout"
import { AgendaView } from "./AgendaView"
import { BlackoutsSection } from "./BlackoutsSection"
import { MonthView } from "./MonthView"
import { ReleaseErrorAlert } from "./ReleaseBlockedAlert"
import { type ReleaseDrag, ReleaseDragContext } from "./ReleaseChip"
import { targetOf } from "./ReleaseMenu"
import { RestrictedSection } from "./RestrictedSection"
import { stateColors, stateLabels } from "./releaseState"
import type { ScheduleSearch, ScheduleView } from "./search"
import { useReschedule } from "./useReleaseActions"
import { useViewerZone } from "./useViewerZone"
import { WeekList, WeekView } from "./WeekView"
import {
  addDays,
  addMonths,
  dayKeyOf,
  formatDayKey,
  formatMonth,
  monthGrid,
  moveToDay,
  startOfDayIn,
  startOfWeek,
  zoneLabel,
} from "./zone"

/** The instants a view asks the server about (scheduled releases come whatever the range). */
export const rangeOf = (view: ScheduleView, anchor: string, today: string, zone: string): ScheduleRange => {
  if (view === "month") {
    const weeks = monthGrid(anchor)
    const first = weeks[0]?.[0] ?? anchor
    const last = weeks.at(-1)?.at(-1) ?? anchor
    return { from: startOfDayIn(first, zone), to: startOfDayIn(addDays(last, 1), zone) }
  }
  if (view === "week") {
    const monday = startOfWeek(anchor)
    return { from: startOfDayIn(monday, zone), to: startOfDayIn(addDays(monday, 7), zone) }
  }
  // The agenda: every upcoming release (the server's default horizon), and the last week's.
  return { from: startOfDayIn(addDays(today, -7), zone) }
}

const phoneQuery = "(max-width: 48em)"

type Problem = { readonly error: unknown } | { readonly text: string }

const Legend = () => (
  <Group gap={6} wrap="wrap" aria-label="Legend">
    {(Object.keys(stateLabels) as Array<keyof typeof stateLabels>).map((state) => (
      <Badge key={state} variant="light" color={stateColors[state]} radius="sm" size="sm">
        {stateLabels[state]}
      </Badge>
    ))}
  </Group>
)

/**
 * `/release-schedule`: scheduled, held, overdue and recent releases as a month, a week or an
 * agenda (the phone's default), in the viewer's zone. Releases move by drag and drop or by
 * "Edit time"; blackout periods and restricted tickers are edited below.
 */
export const ReleaseScheduleScreen = ({
  search,
  onSearchChange,
}: {
  readonly search: ScheduleSearch
  readonly onSearchChange: (change: Partial<ScheduleSearch>) => void
}) => {
  useDocumentTitle("Release schedule · Folio")
  const zone = useViewerZone()
  const phone = useMediaQuery(phoneQuery, false, { getInitialValueInEffect: false })
  const view: ScheduleView = search.view ?? (phone ? "agenda" : "month")
  const today = dayKeyOf(new Date(), zone)
  const anchor = search.date ?? today
  const range = useMemo(() => rangeOf(view, anchor, today, zone), [view, anchor, today, zone])
  const schedule = useQuery(scheduleQueryOptions(range))
  const blackouts = useQuery(blackoutsQueryOptions(range.from))
  const restricted = useQuery(restrictedQueryOptions())
  const [problem, setProblem] = useState<Problem | null>(null)
  const [dragging, setDragging] = useState<Release | null>(null)
  const reschedule = useReschedule(zone)

  const drag: ReleaseDrag = {
    zone,
    dragging,
    start: (release) => {
      setProblem(null)
      setDragging(release)
    },
    end: () => setDragging(null),
    drop: (day, hour) => {
      const release = dragging
      setDragging(null)
      if (release === null) return
      const releaseAt = moveToDay(release.releaseAt, day, zone, hour)
      if (releaseAt.getTime() === release.releaseAt.getTime()) return
      if (releaseAt.getTime() <= Date.now())
        return setProblem({
          text: "That time has passed. Drop it on a later day, or publish it now from its menu.",
        })
      reschedule.mutate(
        { target: targetOf(release), releaseAt },
        { onError: (error) => setProblem({ error }) },
      )
    },
    onError: (error) => setProblem({ error }),
  }

  const step = (direction: -1 | 1) =>
    onSearchChange({ date: view === "month" ? addMonths(anchor, direction) : addDays(anchor, 7 * direction) })
  const heading =
    view === "month"
      ? formatMonth(anchor)
      : view === "week"
        ? `${formatDayKey(startOfWeek(anchor))} – ${formatDayKey(addDays(startOfWeek(anchor), 6))}`
        : "Upcoming and recent"
  const unit = view === "month" ? "month" : "week"
  const releases = schedule.data ?? []

  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader
        title="Release schedule"
        description={
          <>
            Scheduled, held and recently released reports. Times in <strong>{zoneLabel(zone)}</strong>.
          </>
        }
      />
      <Paper withBorder radius="lg" p={{ base: "sm", sm: "lg" }} component="section" aria-label="Schedule">
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="xs" wrap="wrap" miw={0}>
              {view !== "agenda" && (
                <>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={`Previous ${unit}`}
                    onClick={() => step(-1)}
                  >
                    <ChevronDownIcon size={16} style={{ transform: "rotate(90deg)" }} />
                  </ActionIcon>
                  <ActionIcon variant="default" size="lg" aria-label={`Next ${unit}`} onClick={() => step(1)}>
                    <ChevronDownIcon size={16} style={{ transform: "rotate(-90deg)" }} />
                  </ActionIcon>
                  <Button
                    variant="default"
                    disabled={search.date === undefined || search.date === today}
                    onClick={() => onSearchChange({ date: undefined })}
                  >
                    Today
                  </Button>
                </>
              )}
              <Title order={2} fz="h4" ml={4} style={{ whiteSpace: "nowrap" }} aria-live="polite">
                {heading}
              </Title>
              {schedule.isFetching && !schedule.isPending && <Loader size="xs" aria-label="Updating" />}
            </Group>
            <SegmentedControl
              aria-label="View"
              value={view}
              onChange={(value) => onSearchChange({ view: value as ScheduleView })}
              data={[
                { value: "month", label: "Month" },
                { value: "week", label: "Week" },
                { value: "agenda", label: "Agenda" },
              ]}
            />
          </Group>
          {problem !== null &&
            ("error" in problem ? (
              <ReleaseErrorAlert error={problem.error} title="Not moved" onClose={() => setProblem(null)} />
            ) : (
              <Alert
                color="yellow"
                variant="light"
                icon={<AlertIcon />}
                role="alert"
                withCloseButton
                closeButtonLabel="Dismiss"
                onClose={() => setProblem(null)}
              >
                {problem.text}
              </Alert>
            ))}
          {schedule.isPending ? (
            <SectionPending label="Loading the schedule…" rows={5} />
          ) : schedule.isError ? (
            <InlineError error={schedule.error} onRetry={() => void schedule.refetch()} />
          ) : (
            <ReleaseDragContext.Provider value={drag}>
              {view === "month" && (
                <MonthView
                  anchor={anchor}
                  today={today}
                  releases={releases}
                  blackouts={blackouts.data ?? []}
                  zone={zone}
                  onShowDay={(date) => onSearchChange({ view: "week", date })}
                />
              )}
              {view === "week" &&
                (phone ? (
                  <WeekList
                    anchor={anchor}
                    today={today}
                    releases={releases}
                    blackouts={blackouts.data ?? []}
                    zone={zone}
                  />
                ) : (
                  <WeekView
                    anchor={anchor}
                    today={today}
                    releases={releases}
                    blackouts={blackouts.data ?? []}
                    zone={zone}
                  />
                ))}
              {view === "agenda" && (
                <AgendaView
                  releases={releases}
                  zone={zone}
                  onError={drag.onError}
                  blocks={{ blackouts: blackouts.data ?? [], restricted: restricted.data ?? [] }}
                />
              )}
              {view !== "agenda" && releases.length === 0 && (
                <Text c="dimmed" fz="sm" ta="center">
                  Nothing scheduled yet. Schedule an approved report from its page, then move it here.
                </Text>
              )}
            </ReleaseDragContext.Provider>
          )}
          {view !== "agenda" && (
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Legend />
              {!phone && (
                <Text fz="xs" c="dimmed">
                  Drag a release to another {view === "week" ? "day or hour" : "day"} to move it, or open it
                  for “Edit time”.
                </Text>
              )}
            </Group>
          )}
        </Stack>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <BlackoutsSection zone={zone} />
        <RestrictedSection />
      </SimpleGrid>
    </Stack>
  )
}
