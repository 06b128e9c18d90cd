import { type Company, type Entitlements, UpdateCompany } from "@folio/core"
import { Button } from "@mantine/core"
import { useDisclosure } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useQueryClient } from "@tanstack/react-query"
import { companyKeys, updateCompany } from "../../../../api/companies"
import { FormDialog } from "../directory/FormDialog"
import {
  CompanyFields,
  type CompanyValues,
  companyConflictField,
  companyValuesOf,
  domainInput,
} from "./CompanyFields"

const sameEntitlements = (a: Entitlements, b: Entitlements): boolean =>
  a === "all" || b === "all" ? a === b : a.length === b.length && a.every((sector, i) => sector === b[i])

/** Only what changed is sent. */
const patchOf = (company: Company) => (values: CompanyValues) => {
  const before = companyValuesOf(company)
  return {
    ...(values.name !== before.name ? { name: values.name } : {}),
    ...(values.domain !== before.domain ? { domain: domainInput(values.domain) } : {}),
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
  return (
    <>
      <Button variant="default" onClick={open}>
        Edit company
      </Button>
      <FormDialog
        opened={opened}
        onClose={close}
        title={`Edit ${company.name}`}
        initialValues={companyValuesOf(company)}
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
        {(form) => <CompanyFields form={form} company={company} />}
      </FormDialog>
    </>
  )
}
