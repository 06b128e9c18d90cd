import { type ConfigEntry, configKeyDoc, jsonEqual, type KnownConfigKey } from "@folio/core"
import { NumberInput, Stack, Switch, Textarea } from "@mantine/core"
import type { Edit } from "./draft"
import { storedValue } from "./draft"
import { defaultText } from "./format"
import { KeyMeta } from "./KeyMeta"
import { SecretEditor } from "./SecretEditor"

export interface KeyRowProps {
  readonly entry: ConfigEntry | undefined
  readonly edit: Edit | undefined
  readonly problem: string | undefined
  readonly onEdit: (edit: Edit | undefined) => void
}

/** One of Folio's own keys with the editor its kind calls for, checked by its schema as typed. */
export const KnownKeyRow = ({
  known,
  entry,
  edit,
  problem,
  onEdit,
}: KeyRowProps & { readonly known: KnownConfigKey }) => {
  const doc = configKeyDoc(known.key)
  const stored = storedValue(known.key, entry)
  const current = edit?.kind === "value" ? edit.value : stored
  const atDefault = known.kind === "secret" || jsonEqual(stored, known.default)
  return (
    <Stack gap={6} py="sm">
      {known.kind === "secret" ? (
        <SecretEditor
          label={doc.label}
          description={doc.description}
          isSet={entry?.set === true}
          edit={edit}
          problem={problem}
          onEdit={onEdit}
        />
      ) : (
        <ValueEditor known={known} current={current} edit={edit} problem={problem} onEdit={onEdit} />
      )}
      <KeyMeta
        configKey={known.key}
        entry={entry}
        defaultLabel={defaultText(known.key)}
        edited={edit !== undefined}
        onUndo={() => onEdit(undefined)}
        onReset={atDefault ? undefined : () => onEdit({ kind: "value", value: known.default })}
      />
    </Stack>
  )
}

const ValueEditor = ({
  known,
  current,
  edit,
  problem,
  onEdit,
}: {
  readonly known: KnownConfigKey
  readonly current: unknown
  readonly edit: Edit | undefined
  readonly problem: string | undefined
  readonly onEdit: (edit: Edit) => void
}) => {
  const doc = configKeyDoc(known.key)
  switch (known.kind) {
    case "boolean":
      return (
        <Switch
          label={doc.label}
          description={doc.description}
          checked={current === true}
          error={problem}
          onChange={(event) => onEdit({ kind: "value", value: event.currentTarget.checked })}
        />
      )
    case "integer":
      return (
        <NumberInput
          label={doc.label}
          description={`${doc.description} Between ${known.min?.toLocaleString()} and ${known.max?.toLocaleString()}.`}
          // The label and description take the row; the number needs little room.
          styles={{ wrapper: { maxWidth: 220 } }}
          {...(known.min === undefined ? {} : { min: known.min })}
          {...(known.max === undefined ? {} : { max: known.max })}
          step={1}
          allowDecimal={false}
          allowNegative={(known.min ?? 0) < 0}
          // Out-of-range input stays as typed, so the field can say what is wrong with it.
          clampBehavior="none"
          value={edit?.kind === "notANumber" ? "" : typeof current === "number" ? current : ""}
          error={problem}
          onChange={(next) =>
            onEdit(typeof next === "number" ? { kind: "value", value: next } : { kind: "notANumber" })
          }
        />
      )
    default:
      return (
        // One line of text (the schema refuses line breaks) that wraps as it grows.
        <Textarea
          label={doc.label}
          description={doc.description}
          autosize
          minRows={1}
          maxRows={5}
          value={typeof current === "string" ? current : ""}
          error={problem}
          onChange={(event) => onEdit({ kind: "value", value: event.currentTarget.value })}
          onKeyDown={(event) => {
            if (event.key === "Enter") event.preventDefault()
          }}
        />
      )
  }
}
