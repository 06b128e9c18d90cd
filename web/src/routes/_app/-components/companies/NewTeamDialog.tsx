import { type Company, CreateTeam } from "@folio/core"
import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from "@mantine/core"
import { useDisclosure } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { Either } from "effect"
import { type FormEvent, useRef, useState } from "react"
import { companyKeys } from "../../../../api/companies"
import { createTeam, teamKeys } from "../../../../api/teams"
import { AlertIcon } from "../../../../components/icons"
import {
  type FormErrors,
  focusFirstInvalid,
  noFormErrors,
  serverFormErrors,
  validateWith,
} from "../directory/forms"

const fields = ["name", "description"] as const
type Field = (typeof fields)[number]
const validate = validateWith(CreateTeam, fields)

/** A 409 on teams is always about the name ("already has a team named …"). */
const teamConflictField = (): Field => "name"

export const NewTeamDialog = ({
  company,
  variant = "default",
}: {
  readonly company: Company
  readonly variant?: "default" | "filled"
}) => {
  const [opened, { open, close }] = useDisclosure(false)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const form = useRef<HTMLFormElement>(null)
  const [name, setName] = useState("")
  const [description, setDescription] = useState("")
  const [errors, setErrors] = useState<FormErrors<Field>>(noFormErrors)

  const mutation = useMutation({
    mutationFn: (payload: CreateTeam) => createTeam(company.id, payload),
    onSuccess: async (team) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.lists(company.id) }),
        queryClient.invalidateQueries({ queryKey: companyKeys.detail(company.id) }),
        queryClient.invalidateQueries({ queryKey: companyKeys.lists() }),
      ])
      notifications.show({ color: "teal", title: "Team created", message: team.name })
      close()
      await navigate({
        to: "/companies/$companyId/teams/$teamId",
        params: { companyId: company.id, teamId: team.id },
      })
    },
    onError: (error) => {
      setErrors(serverFormErrors(error, fields, teamConflictField))
      focusFirstInvalid(form.current)
    },
  })

  const start = () => {
    setName("")
    setDescription("")
    setErrors(noFormErrors)
    open()
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    Either.match(validate({ name, description }), {
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

  return (
    <>
      <Button variant={variant} size="xs" onClick={start}>
        New team
      </Button>
      <Modal
        opened={opened}
        onClose={() => !mutation.isPending && close()}
        title={`New team in ${company.name}`}
        centered
      >
        <form ref={form} onSubmit={submit} noValidate>
          <Stack gap="md">
            {errors.form !== null && (
              <Alert
                color="red"
                variant="light"
                icon={<AlertIcon />}
                role="alert"
                title="Could not create the team"
              >
                {errors.form}
              </Alert>
            )}
            <TextInput
              label="Name"
              required
              withAsterisk={false}
              maxLength={80}
              value={name}
              error={errors.fields.name}
              onChange={(event) => {
                setName(event.currentTarget.value)
                setErrors((current) => ({ ...current, fields: { ...current.fields, name: undefined } }))
              }}
              data-autofocus
            />
            <Textarea
              label="Description"
              description="Optional. What the team does, for the people who manage it."
              autosize
              minRows={2}
              maxRows={6}
              maxLength={500}
              value={description}
              error={errors.fields.description}
              onChange={(event) => setDescription(event.currentTarget.value)}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={mutation.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={mutation.isPending}>
                Create team
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  )
}
