import { type TeamDetail, UpdateTeam } from "@folio/core"
import { Button, Modal, Text } from "@mantine/core"
import { useDisclosure } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { Either } from "effect"
import { type FormEvent, useRef, useState } from "react"
import { companyKeys } from "../../../../api/companies"
import { deleteTeam, teamKeys, updateTeam } from "../../../../api/teams"
import { userKeys } from "../../../../api/users"
import { ConfirmModal } from "../directory/ConfirmModal"
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
const validate = validateWith(UpdateTeam, fields)

/** "Edit team" (admin): its name and description. */
export const EditTeamDialog = ({ team }: { readonly team: TeamDetail }) => {
  const [opened, { open, close }] = useDisclosure(false)
  const queryClient = useQueryClient()
  const form = useRef<HTMLFormElement>(null)
  const [name, setName] = useState(team.name)
  const [description, setDescription] = useState(team.description)
  const [errors, setErrors] = useState<FormErrors<Field>>(noFormErrors)

  const mutation = useMutation({
    mutationFn: (patch: UpdateTeam) => updateTeam(team.id, patch),
    onSuccess: async (updated) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.detail(team.id) }),
        queryClient.invalidateQueries({ queryKey: teamKeys.lists(team.companyId) }),
        queryClient.invalidateQueries({ queryKey: userKeys.details() }),
      ])
      notifications.show({ color: "teal", title: "Team saved", message: updated.name })
      close()
    },
    onError: (error) => {
      setErrors(serverFormErrors(error, fields, () => "name"))
      focusFirstInvalid(form.current)
    },
  })

  const start = () => {
    setName(team.name)
    setDescription(team.description)
    setErrors(noFormErrors)
    open()
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const patch = {
      ...(name !== team.name ? { name } : {}),
      ...(description !== team.description ? { description } : {}),
    }
    Either.match(validate(patch), {
      onLeft: (found) => {
        setErrors(found)
        focusFirstInvalid(form.current)
      },
      onRight: (payload) => {
        setErrors(noFormErrors)
        if (Object.keys(payload).length === 0) close()
        else mutation.mutate(payload)
      },
    })
  }

  return (
    <>
      <Button variant="default" onClick={start}>
        Edit team
      </Button>
      <Modal
        opened={opened}
        onClose={() => !mutation.isPending && close()}
        title={`Edit ${team.name}`}
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
          failureTitle="Could not save"
          submitLabel="Save changes"
        />
      </Modal>
    </>
  )
}

/** "Delete team" (admin), after a confirmation; the members stay in the company. */
export const DeleteTeamButton = ({
  team,
  companyName,
}: {
  readonly team: TeamDetail
  readonly companyName: string
}) => {
  const [opened, { open, close }] = useDisclosure(false)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const mutation = useMutation({
    mutationFn: () => deleteTeam(team.id),
    onSuccess: async () => {
      close()
      await navigate({ to: "/companies/$companyId", params: { companyId: team.companyId }, replace: true })
      queryClient.removeQueries({ queryKey: teamKeys.detail(team.id) })
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.lists(team.companyId) }),
        queryClient.invalidateQueries({ queryKey: companyKeys.detail(team.companyId) }),
        queryClient.invalidateQueries({ queryKey: companyKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: userKeys.details() }),
      ])
      notifications.show({ color: "teal", title: "Team deleted", message: team.name })
    },
  })
  return (
    <>
      <Button
        variant="light"
        color="red"
        onClick={() => {
          mutation.reset()
          open()
        }}
      >
        Delete team
      </Button>
      <ConfirmModal
        opened={opened}
        onClose={() => !mutation.isPending && close()}
        title={`Delete ${team.name}?`}
        confirmLabel="Delete team"
        danger
        pending={mutation.isPending}
        error={mutation.error}
        onConfirm={() => mutation.mutate()}
      >
        <Text fz="sm">
          The team and its {team.members.length === 1 ? "membership" : `${team.members.length} memberships`}{" "}
          go away. Its people stay in {companyName}, and reports addressed to the team no longer reach them
          through it.
        </Text>
      </ConfirmModal>
    </>
  )
}
