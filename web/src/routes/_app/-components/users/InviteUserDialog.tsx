import { type Company, InviteUser, type Role, roleLabels, rolesForCompanyKind } from "@folio/core"
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from "@mantine/core"
import { useDisclosure } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { Either } from "effect"
import { type FormEvent, useRef, useState } from "react"
import { companyKeys } from "../../../../api/companies"
import { inviteUser, userKeys } from "../../../../api/users"
import { AlertIcon } from "../../../../components/icons"
import { CompanySelect } from "../directory/CompanySelect"
import {
  type FormErrors,
  focusFirstInvalid,
  noFormErrors,
  serverFormErrors,
  validateWith,
} from "../directory/forms"

const fields = ["email", "name", "companyId", "role"] as const
type Field = (typeof fields)[number]
const validate = validateWith(InviteUser, fields)

/** The only 409 of an invitation: the email already has an account. */
const inviteConflictField = (): Field => "email"

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
  const form = useRef<HTMLFormElement>(null)
  const [email, setEmail] = useState("")
  const [name, setName] = useState("")
  const [company, setCompany] = useState<Company | undefined>(fixedCompany)
  const [role, setRole] = useState<Role>("reader")
  const [errors, setErrors] = useState<FormErrors<Field>>(noFormErrors)
  const allowedRoles = company === undefined ? (["reader"] as const) : rolesForCompanyKind(company.kind)

  const clear = (field: Field) =>
    setErrors((current) => ({ ...current, fields: { ...current.fields, [field]: undefined } }))

  const mutation = useMutation({
    mutationFn: inviteUser,
    onSuccess: async (user) => {
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
      close()
    },
    onError: (error) => {
      setErrors(serverFormErrors(error, fields, inviteConflictField))
      focusFirstInvalid(form.current)
    },
  })

  const start = () => {
    setEmail("")
    setName("")
    setCompany(fixedCompany)
    setRole("reader")
    setErrors(noFormErrors)
    mutation.reset()
    open()
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    Either.match(validate({ email, name, companyId: company?.id ?? "", role }), {
      onLeft: (found) => {
        // An empty company fails as "not a UUID": say what to do instead.
        const fieldsFound =
          company === undefined ? { ...found.fields, companyId: "Choose a company" } : found.fields
        setErrors({ fields: fieldsFound, form: found.form })
        focusFirstInvalid(form.current)
      },
      onRight: (payload) => {
        setErrors(noFormErrors)
        mutation.mutate(payload)
      },
    })
  }

  return (
    <>
      <Button size={size} onClick={start}>
        Invite user
      </Button>
      <Modal
        opened={opened}
        onClose={() => !mutation.isPending && close()}
        title={fixedCompany ? `Invite someone to ${fixedCompany.name}` : "Invite user"}
        centered
      >
        <form ref={form} onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text fz="sm" c="dimmed">
              They get an email with a link to set their password. The link works for 7 days.
            </Text>
            {errors.form !== null && (
              <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" title="Could not invite">
                {errors.form}
              </Alert>
            )}
            <TextInput
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="off"
              required
              withAsterisk={false}
              placeholder="name@example.com"
              value={email}
              error={errors.fields.email}
              onChange={(event) => {
                setEmail(event.currentTarget.value)
                clear("email")
              }}
              data-autofocus
            />
            <TextInput
              label="Name"
              autoComplete="off"
              required
              withAsterisk={false}
              maxLength={120}
              value={name}
              error={errors.fields.name}
              onChange={(event) => {
                setName(event.currentTarget.value)
                clear("name")
              }}
            />
            {fixedCompany ? (
              <TextInput label="Company" value={fixedCompany.name} readOnly variant="filled" />
            ) : (
              <CompanySelect
                label="Company"
                required
                value={company?.id}
                error={errors.fields.companyId}
                onChange={(next) => {
                  setCompany(next)
                  clear("companyId")
                  if (next !== undefined && !rolesForCompanyKind(next.kind).includes(role)) setRole("reader")
                }}
              />
            )}
            <NativeSelect
              label="Role"
              description={roleHint(company)}
              value={role}
              error={errors.fields.role}
              onChange={(event) => {
                setRole(event.currentTarget.value as Role)
                clear("role")
              }}
              data={allowedRoles.map((value) => ({ value, label: roleLabels[value] }))}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={mutation.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={mutation.isPending}>
                Send invitation
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  )
}
