import { Badge, Button, Group, PasswordInput, Stack, Text } from "@mantine/core"
import { useId, useState } from "react"
import { KeyIcon } from "../../../../components/icons"
import type { Edit } from "./draft"

const statusOf = (isSet: boolean, edit: Edit | undefined): { label: string; color: string } => {
  if (edit?.kind === "delete") return { label: "Cleared on save", color: "red" }
  if (edit?.kind === "secret") return { label: isSet ? "Replaced on save" : "Set on save", color: "yellow" }
  return isSet ? { label: "Set", color: "teal" } : { label: "Not set", color: "gray" }
}

/**
 * A write-only key: the screen only ever knows whether it is set. A new value is typed into a
 * password field and sent once with the save; nothing shows the stored value, not even masked.
 */
export const SecretEditor = ({
  label,
  description,
  isSet,
  edit,
  problem,
  onEdit,
}: {
  readonly label: string
  readonly description?: string | undefined
  readonly isSet: boolean
  readonly edit: Edit | undefined
  readonly problem: string | undefined
  readonly onEdit: (edit: Edit | undefined) => void
}) => {
  const [writing, setWriting] = useState(false)
  const labelId = useId()
  const status = statusOf(isSet, edit)
  const open = writing || edit?.kind === "secret"
  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text fz="sm" fw={500} id={labelId}>
            {label}
          </Text>
          {description !== undefined && (
            <Text fz="xs" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        <Badge
          variant="light"
          color={status.color}
          leftSection={<KeyIcon size={12} />}
          style={{ flexShrink: 0 }}
        >
          {status.label}
        </Badge>
      </Group>
      {open ? (
        <Group gap="xs" align="flex-start" wrap="wrap">
          <PasswordInput
            aria-label={`New value for ${label}`}
            placeholder="New value"
            autoComplete="new-password"
            style={{ flex: "1 1 14rem" }}
            value={edit?.kind === "secret" ? edit.value : ""}
            error={problem}
            onChange={(event) => onEdit({ kind: "secret", value: event.currentTarget.value })}
            data-autofocus
            autoFocus
          />
          <Button
            variant="default"
            onClick={() => {
              setWriting(false)
              onEdit(undefined)
            }}
          >
            Cancel
          </Button>
        </Group>
      ) : (
        edit?.kind !== "delete" && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              onClick={() => setWriting(true)}
              aria-label={`${isSet ? "Replace" : "Set"} ${label}`}
            >
              {isSet ? "Replace" : "Set"}
            </Button>
            {isSet && (
              <Button
                size="xs"
                variant="default"
                color="red"
                onClick={() => onEdit({ kind: "delete" })}
                aria-label={`Clear ${label}`}
              >
                Clear
              </Button>
            )}
          </Group>
        )
      )}
    </Stack>
  )
}
