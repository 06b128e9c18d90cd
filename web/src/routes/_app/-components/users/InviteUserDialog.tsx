import { type Company, InviteUser, type Role, roleLabels, rolesForCompanyKind } from "@folio/core"
import { Button, NativeSelect, Text, TextInput } from "@mantine/core"
import type { UseFormReturnType } from "@mantine/form"
import { useDisclosure } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { companyKeys } from "../../../../api/companies"
import { inviteUser, userKeys } from "../../../../api/users"
import { CompanySelect } from "../directory/CompanySelect"
import { FormDialog } from "../directory/FormDialog"

interface Values extends Record<string, unknown> {
  readonly email: string
  readonly name: string
  /** "" until a company is chosen. */
  readonly companyId: string
  readonly role: Role
}

const roleHint = (company: Company | undefined): string =>
  company === undefined
    ? "Choose the company first."
    : company.kind === "client"
      ? "People of client companies can be readers or developers."
      : "Publisher staff can have any role."

/**
 * "Invite user" (admin): the person gets an email with a link to set their first password. Opened
 * from a company's page, the company is fixed; from the directory, any company can be chosen.
 */
export const InviteUserDialog = ({
  company: fixedCompany,
  size = "sm",
}: {
  readonly company?: Company
  readonly size?: "xs" | "sm"
}) => {
  const [opened, { open, close }] = useDisclosure(false)
  const queryClient = useQueryClient()
  const initial: Values = { email: "", name: "", companyId: fixedCompany?.id ?? "", role: "reader" }
  return (
    <>
      <Button size={size} onClick={open}>
        Invite user
      </Button>
      <FormDialog
        opened={opened}
        onClose={close}
        title={fixedCompany ? `Invite someone to ${fixedCompany.name}` : "Invite user"}
        size="md"
        intro={
          <Text fz="sm" c="dimmed">
            They get an email with a link to set their password. The link works for 7 days.
          </Text>
        }
        initialValues={initial}
        schema={InviteUser}
        submit={inviteUser}
        // The only 409 of an invitation: the email already has an account.
        conflictField={() => "email"}
        errorTitle="Could not invite"
        submitLabel="Send invitation"
        onSaved={async (user) => {
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
            queryClient.invalidateQueries({ queryKey: companyKeys.detail(user.companyId) }),
            queryClient.invalidateQueries({ queryKey: companyKeys.lists() }),
          ])
          notifications.show({
            color: "teal",
            title: "Invitation sent",
            message: `${user.name} (${user.email}) can set a password from the email within 7 days.`,
          })
        }}
      >
        {(form) => <InviteFields form={form} fixedCompany={fixedCompany} />}
      </FormDialog>
    </>
  )
}

const InviteFields = ({
  form,
  fixedCompany,
}: {
  readonly form: UseFormReturnType<Values>
  readonly fixedCompany: Company | undefined
}) => {
  const [company, setCompany] = useState<Company | undefined>(fixedCompany)
  const allowedRoles = company === undefined ? (["reader"] as const) : rolesForCompanyKind(company.kind)
  const companyError = form.errors.companyId
  return (
    <>
      <TextInput
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="off"
        required
        withAsterisk={false}
        placeholder="name@example.com"
        {...form.getInputProps("email")}
      />
      <TextInput
        label="Name"
        autoComplete="off"
        required
        withAsterisk={false}
        maxLength={120}
        {...form.getInputProps("name")}
      />
      {fixedCompany ? (
        <TextInput label="Company" value={fixedCompany.name} readOnly variant="filled" />
      ) : (
        <CompanySelect
          label="Company"
          required
          value={company?.id}
          // An empty company fails as "not a UUID": say what to do instead.
          error={
            companyError === undefined
              ? undefined
              : company === undefined
                ? "Choose a company"
                : String(companyError)
          }
          onChange={(next) => {
            setCompany(next)
            form.setFieldValue("companyId", next?.id ?? "")
            if (next !== undefined && !rolesForCompanyKind(next.kind).includes(form.values.role))
              form.setFieldValue("role", "reader")
          }}
        />
      )}
      <NativeSelect
        label="Role"
        description={roleHint(company)}
        {...form.getInputProps("role")}
        data={allowedRoles.map((value) => ({ value, label: roleLabels[value] }))}
      />
    </>
  )
}
