import { type Company, type CompanyStatus, type Entitlements, UpdateCompany } from "@folio/core"
import { Button, NativeSelect, TextInput } from "@mantine/core"
import { useDisclosure } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useQueryClient } from "@tanstack/react-query"
import { companyKeys, updateCompany } from "../../../../api/companies"
import { FormDialog } from "../directory/FormDialog"
import { EntitlementsField } from "./EntitlementsField"
import { companyConflictField } from "./NewCompanyDialog"

interface Values extends Record<string, unknown> {
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

/** Only what changed is sent. */
const patchOf = (company: Company) => (values: Values) => {
  const before = valuesOf(company)
  return {
    ...(values.name !== before.name ? { name: values.name } : {}),
    ...(values.domain !== before.domain
      ? { domain: values.domain.trim() === "" ? null : values.domain }
      : {}),
    ...(values.status !== before.status ? { status: values.status } : {}),
    ...(sameEntitlements(values.entitlements, before.entitlements)
      ? {}
      : { entitlements: values.entitlements }),
  }
}

/** "Edit company" (admin): name, domain, status and entitlements. */
export const EditCompanyDialog = ({ company }: { readonly company: Company }) => {
  const [opened, { open, close }] = useDisclosure(false)
  const queryClient = useQueryClient()
  const isPublisher = company.kind === "publisher"
  return (
    <>
      <Button variant="default" onClick={open}>
        Edit company
      </Button>
      <FormDialog
        opened={opened}
        onClose={close}
        title={`Edit ${company.name}`}
        initialValues={valuesOf(company)}
        schema={UpdateCompany}
        toInput={patchOf(company)}
        isEmpty={(patch) => Object.keys(patch).length === 0}
        submit={(patch: UpdateCompany) => updateCompany(company.id, patch)}
        conflictField={companyConflictField}
        errorTitle="Could not save"
        submitLabel="Save changes"
        onSaved={async (updated: Company) => {
          queryClient.setQueryData(companyKeys.detail(company.id), updated)
          await queryClient.invalidateQueries({ queryKey: companyKeys.lists() })
          notifications.show({ color: "teal", title: "Company saved", message: updated.name })
        }}
      >
        {(form) => (
          <>
            <TextInput
              label="Name"
              required
              withAsterisk={false}
              maxLength={120}
              {...form.getInputProps("name")}
            />
            <TextInput
              label="Domain"
              description="Optional. The email domain of the company's people, e.g. example.com."
              {...form.getInputProps("domain")}
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
              {...form.getInputProps("status")}
              disabled={isPublisher}
              data={[
                { value: "active", label: "Active" },
                { value: "suspended", label: "Suspended" },
              ]}
            />
            <EntitlementsField {...form.getInputProps("entitlements")} value={form.values.entitlements} />
          </>
        )}
      </FormDialog>
    </>
  )
}
