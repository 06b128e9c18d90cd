import { Alert, Button, Group, Stack, Textarea, TextInput } from "@mantine/core"
import type { FormEvent, RefObject } from "react"
import { AlertIcon } from "../../../../components/icons"
import type { FormErrors } from "../directory/forms"

export const teamFields = ["name", "description"] as const
export type TeamField = (typeof teamFields)[number]

/** The name and description form shared by "New team" and "Edit team"; the dialogs own state and mutation. */
export const TeamForm = (props: {
  readonly formRef: RefObject<HTMLFormElement | null>
  readonly name: string
  readonly description: string
  readonly errors: FormErrors<TeamField>
  readonly onName: (name: string) => void
  readonly onDescription: (description: string) => void
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => void
  readonly onCancel: () => void
  readonly pending: boolean
  readonly failureTitle: string
  readonly submitLabel: string
  readonly descriptionHint?: string
}) => (
  <form ref={props.formRef} onSubmit={props.onSubmit} noValidate>
    <Stack gap="md">
      {props.errors.form !== null && (
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" title={props.failureTitle}>
          {props.errors.form}
        </Alert>
      )}
      <TextInput
        label="Name"
        required
        withAsterisk={false}
        maxLength={80}
        value={props.name}
        error={props.errors.fields.name}
        onChange={(event) => props.onName(event.currentTarget.value)}
        data-autofocus
      />
      <Textarea
        label="Description"
        description={props.descriptionHint}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={500}
        value={props.description}
        error={props.errors.fields.description}
        onChange={(event) => props.onDescription(event.currentTarget.value)}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={props.onCancel} disabled={props.pending}>
          Cancel
        </Button>
        <Button type="submit" loading={props.pending}>
          {props.submitLabel}
        </Button>
      </Group>
    </Stack>
  </form>
)
