import type { Company, CompanyStatus, Entitlements } from "@folio/core"
import { NativeSelect, TextInput } from "@mantine/core"
import type { UseFormReturnType } from "@mantine/form"
import { useState } from "react"
import { slugify } from "../directory/format"
import { EntitlementsField } from "./EntitlementsField"

/** The values of a company's form, new or edited; each dialog sends the ones it is about. */
export interface CompanyValues extends Record<string, unknown> {
  readonly name: string
  readonly slug: string
  readonly domain: string
  readonly status: CompanyStatus
  readonly entitlements: Entitlements
}

export const newCompanyValues: CompanyValues = {
  name: "",
  slug: "",
  domain: "",
  status: "active",
  entitlements: "all",
}

export const companyValuesOf = (company: Company): CompanyValues => ({
  name: company.name,
  slug: company.slug,
  domain: company.domain ?? "",
  status: company.status,
  entitlements: company.entitlements,
})

/** The domain as the request carries it: absent is null. */
export const domainInput = (domain: string): string | null => (domain.trim() === "" ? null : domain)

/** A 409 names the value it is about: the slug or the domain. */
export const companyConflictField = (message: string): "slug" | "domain" | undefined =>
  /\bslug\b/i.test(message) ? "slug" : /\bdomain\b/i.test(message) ? "domain" : undefined

/**
 * A company's fields. A new company (no `company`) gets a slug, which follows the name until it
 * is typed by hand; an existing one keeps its slug and gets its status instead.
 */
export const CompanyFields = ({
  form,
  company,
}: {
  readonly form: UseFormReturnType<CompanyValues>
  readonly company?: Company | undefined
}) => {
  const [slugTyped, setSlugTyped] = useState(false)
  const isNew = company === undefined
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
          if (isNew && !slugTyped) form.setFieldValue("slug", slugify(name))
        }}
      />
      {isNew && (
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
      )}
      <TextInput
        label="Domain"
        description="Optional. The email domain of the company's people, e.g. example.com (used for SSO)."
        {...form.getInputProps("domain")}
        autoCapitalize="off"
        spellCheck={false}
        inputMode="url"
      />
      {!isNew && (
        <NativeSelect
          label="Status"
          description={
            company.kind === "publisher"
              ? "The publisher cannot be suspended: its own staff would lose access."
              : "Suspended companies keep their data; their people lose access to reports."
          }
          {...form.getInputProps("status")}
          disabled={company.kind === "publisher"}
          data={[
            { value: "active", label: "Active" },
            { value: "suspended", label: "Suspended" },
          ]}
        />
      )}
      <EntitlementsField {...form.getInputProps("entitlements")} value={form.values.entitlements} />
    </>
  )
}
