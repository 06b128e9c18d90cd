import type { ConfigVersion } from "@folio/core"
import { Badge, Button, Divider, Group, NumberInput, Stack, Text } from "@mantine/core"
import { useInfiniteQuery } from "@tanstack/react-query"
import { useRef, useState } from "react"
import { configHistoryInfiniteQueryOptions } from "../../../../api/config"
import { HistoryIcon } from "../../../../components/icons"
import { formatDateTime, formatRelative } from "../directory/format"
import { InlineError, LoadMore, Section, SectionPending } from "../directory/layout"
import { ChangeList } from "./ChangeList"
import { authorText } from "./format"
import { RollbackDialog } from "./RollbackDialog"
import { VersionDiff } from "./VersionDiff"

/**
 * Every version of the store, newest first, with what it changed; any two compared key by key;
 * any earlier one rolled back to (after a confirmation).
 */
export const HistorySection = ({
  current,
  digest,
}: {
  readonly current: number
  readonly digest: string
}) => {
  const history = useInfiniteQuery(configHistoryInfiniteQueryOptions())
  // As typed: a comparison shows once both fields hold a version that exists.
  const [compare, setCompare] = useState<{ from: number | string; to: number | string }>({ from: "", to: "" })
  const from = versionIn(compare.from, current)
  const to = versionIn(compare.to, current)
  const [rollbackTo, setRollbackTo] = useState<number | null>(null)
  const versions = history.data?.pages.flatMap((page) => page.items) ?? []
  const comparePanel = useRef<HTMLDivElement>(null)
  const compareVersions = (from: number, to: number) => {
    setCompare({ from, to })
    comparePanel.current?.scrollIntoView({ block: "start" })
  }

  return (
    <Section
      id="config-history"
      title="History"
      description="Every change is a new version of the whole store. Compare any two, or roll back to one."
    >
      {history.isPending ? (
        <SectionPending label="Loading the history…" />
      ) : history.data === undefined ? (
        <InlineError error={history.error} onRetry={() => void history.refetch()} />
      ) : (
        <Stack gap="md">
          <Stack
            gap="xs"
            component="fieldset"
            ref={comparePanel}
            style={{ border: 0, padding: 0, margin: 0, scrollMarginTop: 80 }}
          >
            <Text component="legend" fw={600} fz="sm" mb={4}>
              Compare two versions
            </Text>
            <Group gap="sm" align="flex-end" wrap="wrap">
              <VersionField
                label="From version"
                max={current}
                value={compare.from}
                onChange={(value) => setCompare((now) => ({ ...now, from: value }))}
              />
              <VersionField
                label="To version"
                max={current}
                value={compare.to}
                onChange={(value) => setCompare((now) => ({ ...now, to: value }))}
              />
            </Group>
            {from !== null && to !== null ? (
              <VersionDiff from={from} to={to} />
            ) : (
              <Text fz="sm" c="dimmed">
                Pick two versions (1 to {current}), or use a version's Compare buttons below.
              </Text>
            )}
          </Stack>
          <Divider />
          <Stack
            gap={0}
            component="ol"
            style={{ listStyle: "none", padding: 0, margin: 0 }}
            aria-label="Versions"
          >
            {versions.map((version, index) => (
              <li key={version.version}>
                {index > 0 && <Divider />}
                <VersionRow
                  version={version}
                  current={version.version === current}
                  onCompare={() => compareVersions(version.version, current)}
                  onCompareWithPrevious={() => compareVersions(version.version - 1, version.version)}
                  onRollback={() => setRollbackTo(version.version)}
                />
              </li>
            ))}
          </Stack>
          <LoadMore
            shown={versions.length}
            noun="versions"
            hasMore={history.hasNextPage}
            loading={history.isFetchingNextPage}
            error={history.isFetchNextPageError ? history.error : null}
            onLoadMore={() => void history.fetchNextPage()}
          />
        </Stack>
      )}
      <RollbackDialog version={rollbackTo} digest={digest} onClose={() => setRollbackTo(null)} />
    </Section>
  )
}

const VersionRow = ({
  version,
  current,
  onCompare,
  onCompareWithPrevious,
  onRollback,
}: {
  readonly version: ConfigVersion
  readonly current: boolean
  readonly onCompare: () => void
  readonly onCompareWithPrevious: () => void
  readonly onRollback: () => void
}) => (
  <Stack gap={6} py="sm" aria-label={`Version ${version.version}`} role="group">
    <Group gap="xs">
      <Text fw={600}>Version {version.version}</Text>
      {current && (
        <Badge size="sm" variant="light" color="teal">
          Current
        </Badge>
      )}
      {version.rollbackOf !== null && (
        <Badge size="sm" variant="light" color="grape" leftSection={<HistoryIcon size={12} />}>
          Rollback to {version.rollbackOf}
        </Badge>
      )}
    </Group>
    <Text fz="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
      {authorText(version.author)} ·{" "}
      <time dateTime={version.createdAt.toISOString()} title={formatDateTime(version.createdAt)}>
        {formatRelative(version.createdAt)}
      </time>
    </Text>
    {version.comment !== null && version.comment !== "" && (
      <Text fz="sm" fs="italic" style={{ overflowWrap: "anywhere" }}>
        “{version.comment}”
      </Text>
    )}
    <ChangeList version={version.version} changes={version.changes} />
    {(version.version > 1 || !current) && (
      <Group gap={4}>
        {version.version > 1 && (
          <Button size="compact-xs" variant="subtle" onClick={onCompareWithPrevious}>
            Compare with {version.version - 1}
          </Button>
        )}
        {!current && (
          <>
            <Button size="compact-xs" variant="subtle" onClick={onCompare}>
              Compare with current
            </Button>
            <Button size="compact-xs" variant="default" onClick={onRollback}>
              Roll back to this version
            </Button>
          </>
        )}
      </Group>
    )}
  </Stack>
)

const versionIn = (value: number | string, max: number): number | null =>
  typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= max ? value : null

/** A version number between 1 and the current one; anything else leaves the comparison empty. */
const VersionField = ({
  label,
  max,
  value,
  onChange,
}: {
  readonly label: string
  readonly max: number
  readonly value: number | string
  readonly onChange: (value: number | string) => void
}) => (
  <NumberInput
    label={label}
    w={150}
    min={1}
    max={max}
    allowDecimal={false}
    allowNegative={false}
    clampBehavior="none"
    value={value}
    error={value !== "" && versionIn(value, max) === null ? `1 to ${max}` : undefined}
    onChange={onChange}
  />
)
