import type { Blackout, Release, RestrictedTicker } from "@folio/core"
import { ActionIcon, Badge, Group, Paper, Stack, Text, Title } from "@mantine/core"
import { ChevronDownIcon } from "../../../../components/icons"
import { AnchorLink } from "../directory/AnchorLink"
import { EmptyList } from "../directory/layout"
import { TickerBadge } from "../reports/badges"
import { ReleaseMenu } from "./ReleaseMenu"
import {
  byShownTime,
  releaseState,
  shownTime,
  stateColors,
  stateLabels,
  tiersLabel,
  upcomingBlock,
} from "./releaseState"
import { dayKeyOf, formatDayKey, formatTimeIn } from "./zone"

export const heldColor = "light-dark(var(--mantine-color-orange-9), var(--mantine-color-orange-3))"

/** Blackouts and restrictions the agenda warns about ahead of a release. */
export interface Blocks {
  readonly blackouts: ReadonlyArray<Blackout>
  readonly restricted: ReadonlyArray<RestrictedTicker>
}

const AgendaItem = ({
  release,
  zone,
  onError,
  withDay,
  blocks,
}: {
  readonly release: Release
  readonly zone: string
  readonly onError: (error: unknown) => void
  readonly withDay: boolean
  readonly blocks: Blocks
}) => {
  const state = releaseState(release)
  const warning = upcomingBlock(release, blocks.blackouts, blocks.restricted)
  const at = shownTime(release)
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={release.title}>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <Stack gap={0} w={withDay ? 92 : 72} style={{ flexShrink: 0 }}>
          {withDay && (
            <Text fz="xs" c="dimmed">
              {formatDayKey(dayKeyOf(at, zone))}
            </Text>
          )}
          <Text fw={650} fz="sm" style={{ fontVariantNumeric: "tabular-nums" }}>
            {formatTimeIn(at, zone)}
          </Text>
        </Stack>
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <AnchorLink
            to="/reports/$reportId"
            params={{ reportId: release.reportId }}
            fw={600}
            fz="sm"
            style={{ overflowWrap: "anywhere" }}
          >
            {release.title}
          </AnchorLink>
          <Group gap={6} wrap="wrap">
            <Badge variant="light" radius="sm" color={stateColors[state]}>
              {stateLabels[state]}
            </Badge>
            {release.late && state !== "late" && (
              <Badge variant="light" radius="sm" color="yellow">
                Late
              </Badge>
            )}
            {release.tickers.map((symbol) => (
              <TickerBadge key={symbol} symbol={symbol} />
            ))}
          </Group>
          {release.heldReason !== null && (
            <Text fz="sm" fw={500} style={{ color: heldColor, overflowWrap: "anywhere" }}>
              Held: {release.heldReason}
            </Text>
          )}
          {warning !== null && (
            <Text fz="sm" fw={500} style={{ color: heldColor, overflowWrap: "anywhere" }}>
              Will be held: {warning}
            </Text>
          )}
          {state === "overdue" && (
            <Text fz="sm" c="dimmed">
              Due and not out yet: it goes out as soon as a server runs its release job.
            </Text>
          )}
          <Text fz="xs" c="dimmed">
            {tiersLabel(release.tiers)}
            {release.channels.length > 0 ? ` · ${release.channels.join(", ")}` : " · no channels"}
            {release.status === "published" && release.publishedAt !== null
              ? ` · due ${formatTimeIn(release.releaseAt, zone)}`
              : ""}
          </Text>
        </Stack>
        <ReleaseMenu release={release} zone={zone} onError={onError}>
          <ActionIcon variant="default" aria-label={`Actions for ${release.title}`}>
            <ChevronDownIcon size={16} />
          </ActionIcon>
        </ReleaseMenu>
      </Group>
    </Paper>
  )
}

const AgendaGroup = ({
  id,
  title,
  releases,
  zone,
  onError,
  withDay = false,
  blocks,
}: {
  readonly id: string
  readonly title: string
  readonly releases: ReadonlyArray<Release>
  readonly zone: string
  readonly onError: (error: unknown) => void
  readonly withDay?: boolean
  readonly blocks: Blocks
}) => (
  <section aria-labelledby={id}>
    <Title order={3} fz="sm" id={id} mb={6}>
      {title}
    </Title>
    <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: "none" }} aria-labelledby={id}>
      {releases.map((release) => (
        <AgendaItem
          key={release.reportId}
          release={release}
          zone={zone}
          onError={onError}
          withDay={withDay}
          blocks={blocks}
        />
      ))}
    </Stack>
  </section>
)

/**
 * The schedule as a list: what needs an editor first (held and overdue releases), then upcoming
 * releases day by day, then what went out recently.
 */
export const AgendaView = ({
  releases,
  zone,
  onError,
  blocks,
}: {
  readonly releases: ReadonlyArray<Release>
  readonly zone: string
  readonly onError: (error: unknown) => void
  readonly blocks: Blocks
}) => {
  const now = Date.now()
  const sorted = [...releases].sort(byShownTime)
  const attention = sorted.filter((r) => ["held", "overdue"].includes(releaseState(r, now)))
  const upcoming = sorted.filter((r) => releaseState(r, now) === "scheduled")
  const released = sorted.filter((r) => r.status === "published").reverse()
  if (releases.length === 0)
    return (
      <EmptyList
        title="Nothing scheduled"
        description="Approved reports you schedule show up here, with anything released in the last week. Schedule one from its report page."
      />
    )
  const days = new Map<string, Array<Release>>()
  for (const release of upcoming) {
    const key = dayKeyOf(release.releaseAt, zone)
    days.set(key, [...(days.get(key) ?? []), release])
  }
  return (
    <Stack gap="lg">
      {attention.length > 0 && (
        <AgendaGroup
          id="agenda-attention"
          title="Needs attention"
          releases={attention}
          zone={zone}
          onError={onError}
          withDay
          blocks={blocks}
        />
      )}
      {upcoming.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No upcoming releases.
        </Text>
      ) : (
        [...days.entries()].map(([day, list]) => (
          <AgendaGroup
            key={day}
            id={`agenda-${day}`}
            title={formatDayKey(day, "long")}
            releases={list}
            zone={zone}
            onError={onError}
            blocks={blocks}
          />
        ))
      )}
      {released.length > 0 && (
        <AgendaGroup
          id="agenda-released"
          title="Recently released"
          releases={released}
          zone={zone}
          onError={onError}
          withDay
          blocks={blocks}
        />
      )}
    </Stack>
  )
}
