import { Textarea, TextInput } from "@mantine/core"
import type { UseFormReturnType } from "@mantine/form"

export interface TeamValues extends Record<string, unknown> {
  readonly name: string
  readonly description: string
}

/** The name and description fields shared by "New team" and "Edit team". */
export const TeamFields = ({
  form,
  descriptionHint,
}: {
  readonly form: UseFormReturnType<TeamValues>
  readonly descriptionHint?: string
}) => (
  <>
    <TextInput label="Name" required withAsterisk={false} maxLength={80} {...form.getInputProps("name")} />
    <Textarea
      label="Description"
      description={descriptionHint}
      autosize
      minRows={2}
      maxRows={6}
      maxLength={500}
      {...form.getInputProps("description")}
    />
  </>
)
