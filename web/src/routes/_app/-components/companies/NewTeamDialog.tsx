import { type Company, CreateTeam } from "@folio/core"
import { Button, Modal } from "@mantine/core"
import { useDisclosure } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { Either } from "effect"
import { type FormEvent, useRef, useState } from "react"
import { companyKeys } from "../../../../api/companies"
import { createTeam, teamKeys } from "../../../../api/teams"
import {
  type FormErrors,
  focusFirstInvalid,
  noFormErrors,
  serverFormErrors,
  validateWith,
} from "../directory/forms"
import { type TeamField, TeamForm, teamFields } from "./TeamForm"

const fields = teamFields
type Field = TeamField
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
        <TeamForm
          formRef={form}
          name={name}
          description={description}
          errors={errors}
          onName={(value) => {
            setName(value)
            setErrors((current) => ({ ...current, fields: { ...current.fields, name: undefined } }))
          }}
          onDescription={setDescription}
          onSubmit={submit}
          onCancel={close}
          pending={mutation.isPending}
          failureTitle="Could not create the team"
          submitLabel="Create team"
          descriptionHint="Optional. What the team does, for the people who manage it."
        />
      </Modal>
    </>
  )
}
