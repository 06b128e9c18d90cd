import { AuditFilterParams } from "@folio/core"
import { Autocomplete, Button, Group, TextInput } from "@mantine/core"
import { Either } from "effect"
import { type FormEvent, useRef, useState } from "react"
import { type AuditFilters, auditParams } from "../../../../api/controlPanel"
import { type FormErrors, focusFirstInvalid, noFormErrors, validateWith } from "../directory/forms"

type Field = keyof AuditFilters
const fields: ReadonlyArray<Field> = ["actor", "action", "targetType", "targetId", "from", "to"]

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

const validate = validateWith(AuditFilterParams, fields)

const blankToUndefined = (value: string): string | undefined =>
  value.trim() === "" ? undefined : value.trim()

const formOf = (filters: AuditFilters): Record<Field, string> => ({
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
  const [values, setValues] = useState(() => formOf(filters))
  const [errors, setErrors] = useState<FormErrors<Field>>(noFormErrors)
  const form = useRef<HTMLFormElement>(null)
  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const next: AuditFilters = {
      actor: blankToUndefined(values.actor),
      action: blankToUndefined(values.action),
      targetType: blankToUndefined(values.targetType),
      targetId: blankToUndefined(values.targetId),
      from: blankToUndefined(values.from),
      to: blankToUndefined(values.to),
    }
    const params = auditParams(next)
    // The schema reads the query string's form: instants as ISO text.
    const checked = validate({
      ...params,
      ...(params.from === undefined ? {} : { from: params.from.toISOString() }),
      ...(params.to === undefined ? {} : { to: params.to.toISOString() }),
    })
    if (Either.isLeft(checked)) {
      setErrors(checked.left)
      focusFirstInvalid(form.current)
      return
    }
    if (params.from !== undefined && params.to !== undefined && params.from >= params.to) {
      setErrors({ fields: { to: "The last day must not be before the first" }, form: null })
      focusFirstInvalid(form.current)
      return
    }
    setErrors(noFormErrors)
    onApply(next)
  }

  const text = (field: Field) => ({
    value: values[field],
    error: errors.fields[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field)(event.currentTarget.value),
  })
  const width = { base: "100%", xs: "calc(50% - var(--mantine-spacing-sm) / 2)", md: 200 }
  return (
    <form ref={form} onSubmit={submit} noValidate aria-label="Filter the audit log">
      <Group gap="sm" align="flex-start" wrap="wrap" mb="md">
        <TextInput
          label="Who"
          placeholder="Email starts with…"
          maxLength={200}
          w={width}
          {...text("actor")}
        />
        <Autocomplete
          label="Action"
          placeholder="e.g. auth. or user.invite"
          data={actionSuggestions}
          value={values.action}
          onChange={set("action")}
          error={errors.fields.action}
          maxLength={60}
          w={width}
          comboboxProps={{ withinPortal: true }}
        />
        <Autocomplete
          label="Target type"
          placeholder="e.g. user"
          data={targetSuggestions}
          value={values.targetType}
          onChange={set("targetType")}
          error={errors.fields.targetType}
          maxLength={40}
          w={width}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput label="Target id" placeholder="Any" maxLength={200} w={width} {...text("targetId")} />
        <TextInput type="date" label="From" w={width} {...text("from")} />
        <TextInput type="date" label="To" w={width} {...text("to")} />
      </Group>
      <Group gap="sm" mb="md">
        <Button type="submit" size="sm">
          Filter
        </Button>
        <Button
          variant="default"
          size="sm"
          onClick={() => {
            setErrors(noFormErrors)
            onApply({})
          }}
        >
          Clear
        </Button>
      </Group>
    </form>
  )
}
