import { type Company, CreateTeam } from "@folio/core"
import { Button } from "@mantine/core"
import { useDisclosure } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { companyKeys } from "../../../../api/companies"
import { createTeam, teamKeys } from "../../../../api/teams"
import { FormDialog } from "../directory/FormDialog"
import { TeamFields, type TeamValues } from "./TeamForm"

const empty: TeamValues = { name: "", description: "" }

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
  return (
    <>
      <Button variant={variant} size="xs" onClick={open}>
        New team
      </Button>
      <FormDialog
        opened={opened}
        onClose={close}
        title={`New team in ${company.name}`}
        size="md"
        initialValues={empty}
        schema={CreateTeam}
        submit={(payload: CreateTeam) => createTeam(company.id, payload)}
        // A 409 on teams is always about the name ("already has a team named …").
        conflictField={() => "name"}
        errorTitle="Could not create the team"
        submitLabel="Create team"
        onSaved={async (team) => {
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
        }}
      >
        {(form) => (
          <TeamFields
            form={form}
            descriptionHint="Optional. What the team does, for the people who manage it."
          />
        )}
      </FormDialog>
    </>
  )
}
