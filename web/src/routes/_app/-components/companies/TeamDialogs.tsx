import { type TeamDetail, UpdateTeam } from "@folio/core"
import { Button, Text } from "@mantine/core"
import { useDisclosure } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { companyKeys } from "../../../../api/companies"
import { deleteTeam, teamKeys, updateTeam } from "../../../../api/teams"
import { userKeys } from "../../../../api/users"
import { ConfirmModal } from "../directory/ConfirmModal"
import { FormDialog } from "../directory/FormDialog"
import { TeamFields, type TeamValues } from "./TeamForm"

/** "Edit team" (admin): its name and description; only what changed is sent. */
export const EditTeamDialog = ({ team }: { readonly team: TeamDetail }) => {
  const [opened, { open, close }] = useDisclosure(false)
  const queryClient = useQueryClient()
  return (
    <>
      <Button variant="default" onClick={open}>
        Edit team
      </Button>
      <FormDialog
        opened={opened}
        onClose={close}
        title={`Edit ${team.name}`}
        size="md"
        initialValues={{ name: team.name, description: team.description }}
        schema={UpdateTeam}
        toInput={(values: TeamValues) => ({
          ...(values.name !== team.name ? { name: values.name } : {}),
          ...(values.description !== team.description ? { description: values.description } : {}),
        })}
        isEmpty={(patch) => Object.keys(patch).length === 0}
        submit={(patch: UpdateTeam) => updateTeam(team.id, patch)}
        conflictField={() => "name"}
        errorTitle="Could not save"
        submitLabel="Save changes"
        onSaved={async (updated) => {
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: teamKeys.detail(team.id) }),
            queryClient.invalidateQueries({ queryKey: teamKeys.lists(team.companyId) }),
            queryClient.invalidateQueries({ queryKey: userKeys.details() }),
          ])
          notifications.show({ color: "teal", title: "Team saved", message: updated.name })
        }}
      >
        {(form) => <TeamFields form={form} />}
      </FormDialog>
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
