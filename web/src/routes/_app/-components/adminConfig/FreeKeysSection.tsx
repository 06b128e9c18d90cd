import { type ConfigEntry, isSecretConfigKey, knownConfigKey } from "@folio/core"
import { Badge, Button, Divider, Group, Stack, Text } from "@mantine/core"
import { TrashIcon } from "../../../../components/icons"
import { EmptyList, Section } from "../directory/layout"
import { AddFreeKey } from "./AddFreeKey"
import type { Edit, Edits } from "./draft"
import { jsonEditorText } from "./format"
import { JsonField } from "./JsonField"
import { KeyMeta } from "./KeyMeta"
import { SecretEditor } from "./SecretEditor"

/**
 * Keys Folio does not read itself (any JSON, for integrations and scripts), with the ones added
 * on this screen but not saved yet first. `secret.` keys are write-only like known secrets.
 */
export const FreeKeysSection = ({
  entries,
  edits,
  problems,
  onEdit,
}: {
  readonly entries: ReadonlyArray<ConfigEntry>
  readonly edits: Edits
  readonly problems: Readonly<Record<string, string>>
  readonly onEdit: (key: string, edit: Edit | undefined) => void
}) => {
  const stored = new Set(entries.map((entry) => entry.key))
  // Keys added here and not saved yet: an edit of a free key the store does not hold.
  const added = Object.entries(edits)
    .filter(([key, edit]) => !stored.has(key) && knownConfigKey(key) === undefined && edit.kind !== "delete")
    .map(([key]) => key)
    .sort()
  const rows: ReadonlyArray<{ key: string; entry: ConfigEntry | undefined }> = [
    ...added.map((key) => ({ key, entry: undefined })),
    ...entries.map((entry) => ({ key: entry.key, entry })),
  ]
  return (
    <Section
      id="free-keys"
      title="Free keys"
      description="Any JSON, under names of lower case letters, digits, dots, underscores and dashes. Keys starting with secret. are write-only."
    >
      <Stack gap={0}>
        {rows.length === 0 ? (
          <EmptyList
            title="No free keys yet"
            description="Add one below; it is saved with your other changes."
          />
        ) : (
          rows.map(({ key, entry }, index) => (
            <div key={key}>
              {index > 0 && <Divider />}
              <FreeKeyRow
                configKey={key}
                entry={entry}
                edit={edits[key]}
                problem={problems[key]}
                onEdit={(edit) => onEdit(key, edit)}
              />
            </div>
          ))
        )}
        <Divider my="md" />
        <AddFreeKey exists={(key) => stored.has(key) || edits[key] !== undefined} onAdd={onEdit} />
      </Stack>
    </Section>
  )
}

const FreeKeyRow = ({
  configKey,
  entry,
  edit,
  problem,
  onEdit,
}: {
  readonly configKey: string
  readonly entry: ConfigEntry | undefined
  readonly edit: Edit | undefined
  readonly problem: string | undefined
  readonly onEdit: (edit: Edit | undefined) => void
}) => {
  const deleting = edit?.kind === "delete"
  const isNew = entry === undefined
  return (
    <Stack gap={6} py="sm">
      {isSecretConfigKey(configKey) ? (
        <SecretEditor
          label={configKey}
          isSet={entry?.set === true}
          edit={edit}
          problem={problem}
          onEdit={onEdit}
        />
      ) : (
        <>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Group gap="xs" miw={0}>
              <Text fz="sm" fw={500} ff="monospace" style={{ overflowWrap: "anywhere" }}>
                {configKey}
              </Text>
              {isNew && (
                <Badge size="xs" variant="light" color="teal">
                  New
                </Badge>
              )}
              {deleting && (
                <Badge size="xs" variant="light" color="red">
                  Deleted on save
                </Badge>
              )}
            </Group>
            {!deleting && !isNew && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<TrashIcon size={14} />}
                onClick={() => onEdit({ kind: "delete" })}
                aria-label={`Delete ${configKey}`}
              >
                Delete
              </Button>
            )}
          </Group>
          {!deleting && (
            <JsonField
              aria-label={`Value of ${configKey}`}
              value={edit?.kind === "json" ? edit.text : jsonEditorText(entry?.value)}
              error={problem}
              onChange={(event) => onEdit({ kind: "json", text: event.currentTarget.value, create: isNew })}
            />
          )}
        </>
      )}
      <KeyMeta
        configKey={configKey}
        entry={entry}
        edited={edit !== undefined}
        onUndo={() => onEdit(undefined)}
      />
    </Stack>
  )
}
