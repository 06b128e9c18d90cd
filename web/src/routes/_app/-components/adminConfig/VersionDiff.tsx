import { Badge, Code, Group, Paper, Stack, Text } from "@mantine/core"
import { useQuery } from "@tanstack/react-query"
import { configVersionQueryOptions } from "../../../../api/config"
import { plural } from "../directory/format"
import { InlineError, SectionPending } from "../directory/layout"
import { diffSnapshots } from "./diff"

const changeColor = { added: "teal", removed: "red", changed: "yellow" } as const

/** Two versions of the store side by side, only the keys that differ, the older one first. */
export const VersionDiff = ({ from, to }: { readonly from: number; readonly to: number }) => {
  const [olderVersion, newerVersion] = from <= to ? [from, to] : [to, from]
  const older = useQuery(configVersionQueryOptions(olderVersion))
  const newer = useQuery(configVersionQueryOptions(newerVersion))
  if (older.isError || newer.isError) {
    return (
      <InlineError
        error={older.error ?? newer.error}
        onRetry={() => {
          void older.refetch()
          void newer.refetch()
        }}
      />
    )
  }
  if (older.data === undefined || newer.data === undefined) {
    return <SectionPending label={`Loading versions ${olderVersion} and ${newerVersion}…`} rows={2} />
  }
  const differences = diffSnapshots(older.data, newer.data)
  return (
    <Stack gap="xs" aria-live="polite" data-testid="version-diff">
      <Text fz="sm" c="dimmed">
        {olderVersion === newerVersion
          ? "The same version on both sides."
          : differences.length === 0
            ? `Versions ${olderVersion} and ${newerVersion} hold the same values.`
            : `${plural(differences.length, "key")} ${differences.length === 1 ? "differs" : "differ"} between version ${olderVersion} and version ${newerVersion}.`}
      </Text>
      {differences.map((difference) => (
        <Paper key={difference.key} withBorder radius="md" p="sm">
          <Group gap="xs" mb={6} wrap="wrap">
            <Code fz="sm" style={{ overflowWrap: "anywhere" }}>
              {difference.key}
            </Code>
            <Badge size="xs" variant="light" color={changeColor[difference.change]}>
              {difference.change}
            </Badge>
            {difference.secret && (
              <Badge size="xs" variant="light" color="gray">
                secret
              </Badge>
            )}
          </Group>
          <Stack gap={4}>
            <ValueLine label={`Version ${olderVersion}`} value={difference.before} tone="red" />
            <ValueLine label={`Version ${newerVersion}`} value={difference.after} tone="teal" />
          </Stack>
        </Paper>
      ))}
    </Stack>
  )
}

const ValueLine = ({
  label,
  value,
  tone,
}: {
  readonly label: string
  readonly value: string
  readonly tone: string
}) => (
  <Group gap="xs" align="flex-start" wrap="nowrap">
    <Text fz="xs" c="dimmed" w={84} style={{ flexShrink: 0 }} pt={2}>
      {label}
    </Text>
    <Code
      fz="xs"
      color={`var(--mantine-color-${tone}-light)`}
      style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", minWidth: 0 }}
    >
      {value}
    </Code>
  </Group>
)
