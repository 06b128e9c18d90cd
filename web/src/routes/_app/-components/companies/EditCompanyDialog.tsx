import { type Company, type CompanyStatus, type Entitlements, UpdateCompany } from "@folio/core"
import { Alert, Button, Group, Modal, NativeSelect, Stack, TextInput } from "@mantine/core"
import { useDisclosure } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { Either } from "effect"
import { type FormEvent, useRef, useState } from "react"
import { companyKeys, updateCompany } from "../../../../api/companies"
import { AlertIcon } from "../../../../components/icons"
import {
  type FormErrors,
  focusFirstInvalid,
  noFormErrors,
  serverFormErrors,
  validateWith,
} from "../directory/forms"
import { EntitlementsField } from "./EntitlementsField"
import { companyConflictField } from "./NewCompanyDialog"

const fields = ["name", "domain", "status", "entitlements"] as const
type Field = (typeof fields)[number]
const validate = validateWith(UpdateCompany, fields)

interface Values {
  readonly name: string
  readonly domain: string
  readonly status: CompanyStatus
  readonly entitlements: Entitlements
}

const valuesOf = (company: Company): Values => ({
  name: company.name,
  domain: company.domain ?? "",
  status: company.status,
  entitlements: company.entitlements,
})

const sameEntitlements = (a: Entitlements, b: Entitlements): boolean =>
  a === "all" || b === "all" ? a === b : a.length === b.length && a.every((sector, i) => sector === b[i])

/** "Edit company" (admin): name, domain, status and entitlements; only what changed is sent. */
export const EditCompanyDialog = ({ company }: { readonly company: Company }) => {
  const [opened, { open, close }] = useDisclosure(false)
  const queryClient = useQueryClient()
  const form = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<Values>(() => valuesOf(company))
  const [errors, setErrors] = useState<FormErrors<Field>>(noFormErrors)

  const mutation = useMutation({
    mutationFn: (patch: UpdateCompany) => updateCompany(company.id, patch),
    onSuccess: async (updated) => {
      queryClient.setQueryData(companyKeys.detail(company.id), updated)
      await queryClient.invalidateQueries({ queryKey: companyKeys.lists() })
      notifications.show({ color: "teal", title: "Company saved", message: updated.name })
      close()
    },
    onError: (error) => {
      setErrors(serverFormErrors(error, fields, companyConflictField))
      focusFirstInvalid(form.current)
    },
  })

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }))
    setErrors((current) => ({ ...current, fields: { ...current.fields, [key]: undefined } }))
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const before = valuesOf(company)
    const domain = values.domain.trim() === "" ? null : values.domain
    const patch = {
      ...(values.name !== before.name ? { name: values.name } : {}),
      ...(values.domain !== before.domain ? { domain } : {}),
      ...(values.status !== before.status ? { status: values.status } : {}),
      ...(sameEntitlements(values.entitlements, before.entitlements)
        ? {}
        : { entitlements: values.entitlements }),
    }
    Either.match(validate(patch), {
      onLeft: (found) => {
        setErrors(found)
        focusFirstInvalid(form.current)
      },
      onRight: (payload) => {
        setErrors(noFormErrors)
        if (Object.keys(payload).length === 0) close()
        else mutation.mutate(payload)
      },
    })
  }

  const start = () => {
    setValues(valuesOf(company))
    setErrors(noFormErrors)
    mutation.reset()
    open()
  }

  const isPublisher = company.kind === "publisher"
  return (
    <>
      <Button variant="default" onClick={start}>
        Edit company
      </Button>
      <Modal
        opened={opened}
        onClose={() => !mutation.isPending && close()}
        title={`Edit ${company.name}`}
        centered
        size="lg"
      >
        <form ref={form} onSubmit={submit} noValidate>
          <Stack gap="md">
            {errors.form !== null && (
              <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" title="Could not save">
                {errors.form}
              </Alert>
            )}
            <TextInput
              label="Name"
              required
              withAsterisk={false}
              maxLength={120}
              value={values.name}
              error={errors.fields.name}
              onChange={(event) => set("name", event.currentTarget.value)}
              data-autofocus
            />
            <TextInput
              label="Domain"
              description="Optional. The email domain of the company's people, e.g. example.com."
              value={values.domain}
              error={errors.fields.domain}
              onChange={(event) => set("domain", event.currentTarget.value)}
              autoCapitalize="off"
              spellCheck={false}
            />
            <NativeSelect
              label="Status"
              description={
                isPublisher
                  ? "The publisher cannot be suspended: its own staff would lose access."
                  : "Suspended companies keep their data; their people lose access to reports."
              }
              value={values.status}
              error={errors.fields.status}
              disabled={isPublisher}
              onChange={(event) => set("status", event.currentTarget.value as CompanyStatus)}
              data={[
                { value: "active", label: "Active" },
                { value: "suspended", label: "Suspended" },
              ]}
            />
            <EntitlementsField
              value={values.entitlements}
              onChange={(entitlements) => set("entitlements", entitlements)}
              error={errors.fields.entitlements}
            />
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={close} disabled={mutation.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={mutation.isPending}>
                Save changes
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  )
}
