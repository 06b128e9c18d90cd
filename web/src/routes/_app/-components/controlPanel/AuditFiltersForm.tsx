import { AuditFilterParams } from "@folio/core"
import { Autocomplete, Button, Group, TextInput } from "@mantine/core"
import type { AuditFilters } from "../../../../api/controlPanel"
import { auditParams } from "../../../../api/controlPanelLists"
import { useSchemaForm } from "../directory/useSchemaForm"

type Field = keyof AuditFilters
type Values = Record<Field, string>

/** Actions and prefixes the server records (a prefix ending in "." matches them all). */
const actionSuggestions = [
  "auth.",
  "auth.sign_in",
  "auth.sign_in_failed",
  "auth.session_revoke",
  "auth.sessions_revoke_all",
  "user.",
  "report.",
  "channel.",
  "company.",
  "team.",
  "ticker.",
  "token.",
  "config.",
  "delivery.retry",
  "job.retry",
  "mail.retry",
]

const targetSuggestions = [
  "user",
  "report",
  "channel",
  "company",
  "team",
  "ticker",
  "token",
  "config",
  "job",
  "mail",
]

const blankToUndefined = (value: string): string | undefined =>
  value.trim() === "" ? undefined : value.trim()

const filtersOf = (values: Values): AuditFilters => ({
  actor: blankToUndefined(values.actor),
  action: blankToUndefined(values.action),
  targetType: blankToUndefined(values.targetType),
  targetId: blankToUndefined(values.targetId),
  from: blankToUndefined(values.from),
  to: blankToUndefined(values.to),
})

const formOf = (filters: AuditFilters): Values => ({
  actor: filters.actor ?? "",
  action: filters.action ?? "",
  targetType: filters.targetType ?? "",
  targetId: filters.targetId ?? "",
  from: filters.from ?? "",
  to: filters.to ?? "",
})

/**
 * The audit log's filters: applied together when submitted (Enter in any field, or Filter), and
 * checked first with core's schema, the one the server decodes them with. The parent keys it by
 * the applied filters, so a change of the URL from elsewhere (Back, Clear) shows here.
 */
export const AuditFiltersForm = ({
  filters,
  onApply,
}: {
  readonly filters: AuditFilters
  readonly onApply: (filters: AuditFilters) => void
}) => {
  const { form, ref, onSubmit, clearErrors } = useSchemaForm({
    initialValues: formOf(filters),
    schema: AuditFilterParams,
    // The schema reads the query string's form: instants as ISO text.
    toInput: (values: Values) => {
      const params = auditParams(filtersOf(values))
      return {
        ...params,
        ...(params.from === undefined ? {} : { from: params.from.toISOString() }),
        ...(params.to === undefined ? {} : { to: params.to.toISOString() }),
      }
    },
    refine: ({ from, to }) =>
      from !== undefined && to !== undefined && from >= to
        ? { to: "The last day must not be before the first" }
        : {},
  })

  const width = { base: "100%", xs: "calc(50% - var(--mantine-spacing-sm) / 2)", md: 200 }
  return (
    <form
      ref={ref}
      onSubmit={onSubmit((_, values) => onApply(filtersOf(values)))}
      noValidate
      aria-label="Filter the audit log"
    >
      <Group gap="sm" align="flex-start" wrap="wrap" mb="md">
        <TextInput
          label="Who"
          placeholder="Email starts with…"
          maxLength={200}
          w={width}
          {...form.getInputProps("actor")}
        />
        <Autocomplete
          label="Action"
          placeholder="e.g. auth. or user.invite"
          data={actionSuggestions}
          {...form.getInputProps("action")}
          maxLength={60}
          w={width}
          comboboxProps={{ withinPortal: true }}
        />
        <Autocomplete
          label="Target type"
          placeholder="e.g. user"
          data={targetSuggestions}
          {...form.getInputProps("targetType")}
          maxLength={40}
          w={width}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="Target id"
          placeholder="Any"
          maxLength={200}
          w={width}
          {...form.getInputProps("targetId")}
        />
        <TextInput type="date" label="From" w={width} {...form.getInputProps("from")} />
        <TextInput type="date" label="To" w={width} {...form.getInputProps("to")} />
      </Group>
      <Group gap="sm" mb="md">
        <Button type="submit" size="sm">
          Filter
        </Button>
        <Button
          variant="default"
          size="sm"
          onClick={() => {
            clearErrors()
            onApply({})
          }}
        >
          Clear
        </Button>
      </Group>
    </form>
  )
}
