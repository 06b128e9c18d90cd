import type { Entitlements } from "@folio/core"
import { Radio, Stack, TagsInput, Text } from "@mantine/core"
import { useId } from "react"

/** Which sectors' reports a company receives: every sector, or the listed ones. */
export const EntitlementsField = ({
  value,
  onChange,
  error,
}: {
  readonly value: Entitlements
  readonly onChange: (value: Entitlements) => void
  readonly error?: string | undefined
}) => {
  const hint = useId()
  const listed = value !== "all"
  return (
    <Stack gap="xs">
      <Radio.Group
        label="Entitlements"
        description="Which sectors' reports this company may receive."
        value={listed ? "listed" : "all"}
        onChange={(next) => onChange(next === "all" ? "all" : [])}
      >
        <Stack gap={6} mt={6}>
          <Radio value="all" label="All sectors" />
          <Radio value="listed" label="Only the sectors listed" />
        </Stack>
      </Radio.Group>
      {listed && (
        <TagsInput
          label="Sectors"
          placeholder="Type a sector, then Enter"
          aria-describedby={hint}
          value={[...value]}
          onChange={(sectors) => onChange(sectors)}
          maxTags={200}
          splitChars={[","]}
          clearable
          error={error}
          data-autofocus
        />
      )}
      {listed && (
        <Text id={hint} c="dimmed" fz="xs">
          {value.length === 0
            ? "With no sectors listed, the company receives no sector reports."
            : "Separate sectors with Enter or a comma."}
        </Text>
      )}
      {!listed && error !== undefined && (
        <Text c="red" fz="xs" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  )
}

export const entitlementsText = (entitlements: Entitlements): string =>
  entitlements === "all" ? "All sectors" : entitlements.length === 0 ? "No sectors" : entitlements.join(", ")
