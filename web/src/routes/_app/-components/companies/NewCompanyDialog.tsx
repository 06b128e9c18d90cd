import { type Company, CreateCompany, type Entitlements } from "@folio/core"
import { Button, TextInput } from "@mantine/core"
import type { UseFormReturnType } from "@mantine/form"
import { useDisclosure } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import { companyKeys, createCompany } from "../../../../api/companies"
import { FormDialog } from "../directory/FormDialog"
import { slugify } from "../directory/format"
import { EntitlementsField } from "./EntitlementsField"

/** A 409 names the value it is about: the slug or the domain. */
export const companyConflictField = (message: string): "slug" | "domain" | undefined =>
  /\bslug\b/i.test(message) ? "slug" : /\bdomain\b/i.test(message) ? "domain" : undefined

interface Values extends Record<string, unknown> {
  readonly name: string
  readonly slug: string
  readonly domain: string
  readonly entitlements: Entitlements
}

const empty: Values = { name: "", slug: "", domain: "", entitlements: "all" }

const toInput = (values: Values) => ({
  name: values.name,
  slug: values.slug.trim(),
  domain: values.domain.trim() === "" ? null : values.domain,
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
        initialValues={empty}
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
        {(form) => <NewCompanyFields form={form} />}
      </FormDialog>
    </>
  )
}

const NewCompanyFields = ({ form }: { readonly form: UseFormReturnType<Values> }) => {
  // Until the slug is typed by hand it follows the name.
  const [slugTyped, setSlugTyped] = useState(false)
  return (
    <>
      <TextInput
        label="Name"
        required
        withAsterisk={false}
        maxLength={120}
        {...form.getInputProps("name")}
        onChange={(event) => {
          const name = event.currentTarget.value
          form.setFieldValue("name", name)
          if (!slugTyped) form.setFieldValue("slug", slugify(name))
        }}
      />
      <TextInput
        label="Slug"
        description="Lower-case letters, digits and hyphens; used in links and by the CLI."
        required
        withAsterisk={false}
        maxLength={60}
        {...form.getInputProps("slug")}
        onChange={(event) => {
          setSlugTyped(true)
          form.setFieldValue("slug", event.currentTarget.value)
        }}
        autoCapitalize="off"
        spellCheck={false}
      />
      <TextInput
        label="Domain"
        description="Optional. The email domain of the company's people, e.g. example.com (used for SSO)."
        {...form.getInputProps("domain")}
        autoCapitalize="off"
        spellCheck={false}
        inputMode="url"
      />
      <EntitlementsField {...form.getInputProps("entitlements")} value={form.values.entitlements} />
    </>
  )
}
