import { isSecretConfigKey } from "@folio/core"
import { Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core"
import { Either } from "effect"
import { type FormEvent, useRef, useState } from "react"
import { PlusIcon } from "../../../../components/icons"
import { focusFirstInvalid } from "../directory/forms"
import { type Edit, newKeyProblem, operationOf } from "./draft"
import { JsonField } from "./JsonField"

/**
 * Adds a free key to the unsaved changes: its name and value are checked here with core's rules
 * (the name's pattern, the value as JSON PostgreSQL can store), so a mistake is said at its field.
 */
export const AddFreeKey = ({
  exists,
  onAdd,
}: {
  readonly exists: (key: string) => boolean
  readonly onAdd: (key: string, edit: Edit) => void
}) => {
  const form = useRef<HTMLFormElement>(null)
  const [key, setKey] = useState("")
  const [value, setValue] = useState("")
  const [errors, setErrors] = useState<{ key?: string | undefined; value?: string | undefined }>({})
  const secret = isSecretConfigKey(key.trim())

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const name = key.trim()
    const edit: Edit = secret ? { kind: "secret", value } : { kind: "json", text: value, create: true }
    const keyProblem = newKeyProblem(name, exists)
    const op = operationOf(name, edit)
    const found = { key: keyProblem, value: Either.isLeft(op) ? op.left : undefined }
    setErrors(found)
    if (found.key !== undefined || found.value !== undefined) {
      focusFirstInvalid(form.current)
      return
    }
    onAdd(name, edit)
    setKey("")
    setValue("")
  }

  return (
    <form ref={form} onSubmit={submit} noValidate aria-labelledby="add-free-key-title">
      <Stack gap="sm">
        <Text fw={600} fz="sm" id="add-free-key-title">
          Add a key
        </Text>
        <TextInput
          label="Key"
          placeholder="integrations.crm.sync"
          maw={420}
          spellCheck={false}
          autoCapitalize="off"
          value={key}
          error={errors.key}
          onChange={(event) => {
            setKey(event.currentTarget.value)
            setErrors({})
          }}
        />
        {secret ? (
          <PasswordInput
            label="Value"
            description="A secret: stored encrypted and never shown again."
            autoComplete="new-password"
            maw={420}
            value={value}
            error={errors.value}
            onChange={(event) => {
              setValue(event.currentTarget.value)
              setErrors({})
            }}
          />
        ) : (
          <JsonField
            label="Value (JSON)"
            placeholder='{ "enabled": true }'
            value={value}
            error={errors.value}
            onChange={(event) => {
              setValue(event.currentTarget.value)
              setErrors({})
            }}
          />
        )}
        <Group>
          <Button type="submit" variant="default" leftSection={<PlusIcon size={16} />}>
            Add to changes
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
