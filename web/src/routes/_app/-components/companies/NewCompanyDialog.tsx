import { type Company, CreateCompany, type Entitlements } from "@folio/core"
import { Alert, Button, Group, Modal, Stack, TextInput } from "@mantine/core"
import { useDisclosure } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { Either } from "effect"
import { type FormEvent, useRef, useState } from "react"
import { companyKeys, createCompany } from "../../../../api/companies"
import { AlertIcon } from "../../../../components/icons"
import { slugify } from "../directory/format"
import {
  type FormErrors,
  focusFirstInvalid,
  noFormErrors,
  serverFormErrors,
  validateWith,
} from "../directory/forms"
import { EntitlementsField } from "./EntitlementsField"

const fields = ["name", "slug", "domain", "entitlements"] as const
type Field = (typeof fields)[number]
const validate = validateWith(CreateCompany, fields)

/** A 409 names the value it is about: the slug or the domain. */
export const companyConflictField = (message: string): "slug" | "domain" | undefined =>
  /\bslug\b/i.test(message) ? "slug" : /\bdomain\b/i.test(message) ? "domain" : undefined

interface Values {
  readonly name: string
  readonly slug: string
  readonly domain: string
  readonly entitlements: Entitlements
}

const empty: Values = { name: "", slug: "", domain: "", entitlements: "all" }

/** "New company": the trigger, the form, the request and the confirmation, in one place. */
export const NewCompanyDialog = () => {
  const [opened, { open, close }] = useDisclosure(false)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const form = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<Values>(empty)
  // Until the slug is typed by hand it follows the name.
  const [slugTouched, setSlugTouched] = useState(false)
  const [errors, setErrors] = useState<FormErrors<Field>>(noFormErrors)

  const reset = () => {
    setValues(empty)
    setSlugTouched(false)
    setErrors(noFormErrors)
  }

  const mutation = useMutation({
    mutationFn: createCompany,
    onSuccess: async (company: Company) => {
      await queryClient.invalidateQueries({ queryKey: companyKeys.lists() })
      queryClient.setQueryData(companyKeys.detail(company.id), company)
      notifications.show({ color: "teal", title: "Company created", message: company.name })
      close()
      reset()
      await navigate({ to: "/companies/$companyId", params: { companyId: company.id } })
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
    const input = {
      name: values.name,
      slug: values.slug.trim(),
      domain: values.domain.trim() === "" ? null : values.domain,
      entitlements: values.entitlements,
    }
    Either.match(validate(input), {
      onLeft: (found) => {
        setErrors(found)
        focusFirstInvalid(form.current)
      },
      onRight: (payload) => {
        setErrors(noFormErrors)
        mutation.mutate(payload)
      },
    })
  }

  const dismiss = () => {
    if (mutation.isPending) return
    close()
    reset()
  }

  return (
    <>
      <Button onClick={open}>New company</Button>
      <Modal opened={opened} onClose={dismiss} title="New company" centered size="lg">
        <form ref={form} onSubmit={submit} noValidate>
          <Stack gap="md">
            {errors.form !== null && (
              <Alert
                color="red"
                variant="light"
                icon={<AlertIcon />}
                role="alert"
                title="Could not create the company"
              >
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
              onChange={(event) => {
                const name = event.currentTarget.value
                set("name", name)
                if (!slugTouched) set("slug", slugify(name))
              }}
              data-autofocus
            />
            <TextInput
              label="Slug"
              description="Lower-case letters, digits and hyphens; used in links and by the CLI."
              required
              withAsterisk={false}
              maxLength={60}
              value={values.slug}
              error={errors.fields.slug}
              onChange={(event) => {
                setSlugTouched(true)
                set("slug", event.currentTarget.value)
              }}
              autoCapitalize="off"
              spellCheck={false}
            />
            <TextInput
              label="Domain"
              description="Optional. The email domain of the company's people, e.g. example.com (used for SSO)."
              value={values.domain}
              error={errors.fields.domain}
              onChange={(event) => set("domain", event.currentTarget.value)}
              autoCapitalize="off"
              spellCheck={false}
              inputMode="url"
            />
            <EntitlementsField
              value={values.entitlements}
              onChange={(entitlements) => set("entitlements", entitlements)}
              error={errors.fields.entitlements}
            />
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={dismiss}>
                Cancel
              </Button>
              <Button type="submit" loading={mutation.isPending}>
                Create company
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  )
}
