import { type Company, CreateCompany } from "@folio/core"
import { Button } from "@mantine/core"
import { useDisclosure } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { companyKeys, createCompany } from "../../../../api/companies"
import { FormDialog } from "../directory/FormDialog"
import {
  CompanyFields,
  type CompanyValues,
  companyConflictField,
  domainInput,
  newCompanyValues,
} from "./CompanyFields"

const toInput = (values: CompanyValues) => ({
  name: values.name,
  slug: values.slug.trim(),
  domain: domainInput(values.domain),
  entitlements: values.entitlements,
})

/** "New company": the trigger and its dialog; the new company's page opens once it is created. */
export const NewCompanyDialog = () => {
  const [opened, { open, close }] = useDisclosure(false)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return (
    <>
      <Button onClick={open}>New company</Button>
      <FormDialog
        opened={opened}
        onClose={close}
        title="New company"
        initialValues={newCompanyValues}
        schema={CreateCompany}
        toInput={toInput}
        submit={createCompany}
        conflictField={companyConflictField}
        errorTitle="Could not create the company"
        submitLabel="Create company"
        onSaved={async (company: Company) => {
          await queryClient.invalidateQueries({ queryKey: companyKeys.lists() })
          queryClient.setQueryData(companyKeys.detail(company.id), company)
          notifications.show({ color: "teal", title: "Company created", message: company.name })
          close()
          await navigate({ to: "/companies/$companyId", params: { companyId: company.id } })
        }}
      >
        {(form) => <CompanyFields form={form} />}
      </FormDialog>
    </>
  )
}
