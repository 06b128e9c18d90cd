import type { ConfigChange } from "@folio/core"
import { Badge, Code, Group, List, Text } from "@mantine/core"
import { jsonText } from "./format"

const actionColor = { create: "teal", update: "yellow", delete: "red" } as const
const shownChanges = 8

/** What one version changed, key by key; a secret's change says only that it changed. */
export const ChangeList = ({
  version,
  changes,
}: {
  readonly version: number
  readonly changes: ReadonlyArray<ConfigChange>
}) => {
  if (changes.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        {version === 1 ? "Every key at its default." : "No keys changed."}
      </Text>
    )
  }
  return (
    <List listStyleType="none" spacing={4} fz="sm">
      {changes.slice(0, shownChanges).map((change) => (
        <List.Item key={change.key}>
          <Group gap={6} wrap="wrap" align="baseline">
            <Badge size="xs" variant="light" color={actionColor[change.action]} w={58}>
              {change.action}
            </Badge>
            <Code fz="xs" style={{ overflowWrap: "anywhere" }}>
              {change.key}
            </Code>
            <Text fz="xs" c="dimmed" style={{ overflowWrap: "anywhere", minWidth: 0 }}>
              {change.secret
                ? "secret value changed"
                : change.action === "create"
                  ? `= ${jsonText(change.after)}`
                  : change.action === "delete" && change.after === undefined
                    ? `was ${jsonText(change.before)}`
                    : `${jsonText(change.before)} → ${jsonText(change.after)}`}
            </Text>
          </Group>
        </List.Item>
      ))}
      {changes.length > shownChanges && (
        <List.Item>
          <Text fz="xs" c="dimmed">
            and {changes.length - shownChanges} more (compare this version with the one before it to see all)
          </Text>
        </List.Item>
      )}
    </List>
  )
}
