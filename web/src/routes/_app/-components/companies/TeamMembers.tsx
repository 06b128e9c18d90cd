import { AddTeamMember, type TeamDetail, type TeamMember, type TeamRole } from "@folio/core"
import { ActionIcon, Button, Menu, NativeSelect, Select, Text } from "@mantine/core"
import type { UseFormReturnType } from "@mantine/form"
import { useDebouncedValue, useDisclosure } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { addTeamMember, removeTeamMember, setTeamMemberRole, teamKeys } from "../../../../api/teams"
import { userKeys, userOptionsQueryOptions } from "../../../../api/users"
import { ConfirmModal } from "../directory/ConfirmModal"
import { FormDialog } from "../directory/FormDialog"
import { DotsIcon } from "../directory/icons"

/** After a membership change: the team, its company's team list (member counts) and the user's profile. */
const useRefreshMembership = (team: TeamDetail) => {
  const queryClient = useQueryClient()
  return (userId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.detail(team.id) }),
      queryClient.invalidateQueries({ queryKey: teamKeys.lists(team.companyId) }),
      queryClient.invalidateQueries({ queryKey: [...userKeys.details(), userId] }),
    ])
}

interface MemberValues extends Record<string, unknown> {
  /** "" until a person is chosen. */
  readonly userId: string
  readonly role: TeamRole
}

/** "Add member" (admin): a picker of the company's people who are not in the team yet, and their role. */
export const AddMemberDialog = ({ team }: { readonly team: TeamDetail }) => {
  const [opened, { open, close }] = useDisclosure(false)
  const refresh = useRefreshMembership(team)
  return (
    <>
      <Button size="xs" onClick={open}>
        Add member
      </Button>
      <FormDialog
        opened={opened}
        onClose={close}
        title={`Add a member to ${team.name}`}
        size="md"
        initialValues={{ userId: "", role: "member" } as MemberValues}
        schema={AddTeamMember}
        submit={(payload: AddTeamMember) => addTeamMember(team.id, payload)}
        errorTitle="Could not add the member"
        submitLabel="Add to team"
        onSaved={async (member: TeamMember) => {
          await refresh(member.userId)
          notifications.show({
            color: "teal",
            title: "Member added",
            message: `${member.name} joined ${team.name} as ${member.role === "lead" ? "a lead" : "a member"}.`,
          })
        }}
      >
        {(form) => <MemberFields form={form} team={team} />}
      </FormDialog>
    </>
  )
}

const MemberFields = ({
  form,
  team,
}: {
  readonly form: UseFormReturnType<MemberValues>
  readonly team: TeamDetail
}) => {
  const [search, setSearch] = useState("")
  const [query] = useDebouncedValue(search, 250)
  const people = useQuery(userOptionsQueryOptions(team.companyId, query))
  const memberIds = new Set(team.members.map((member) => member.userId as string))
  const options = (people.data?.items ?? []).map((user) => ({
    value: user.id as string,
    label: `${user.name} (${user.email})`,
    disabled: memberIds.has(user.id),
  }))
  const { value, error, ...userId } = form.getInputProps("userId")
  return (
    <>
      <Select
        label="Person"
        description="Only people of this team's company can join it."
        placeholder="Search by name or email"
        searchable
        required
        withAsterisk={false}
        data={options}
        {...userId}
        value={form.values.userId === "" ? null : form.values.userId}
        onChange={(next) => form.setFieldValue("userId", next ?? "")}
        // An empty choice fails as "not a UUID": say what to do instead.
        error={error === undefined ? undefined : form.values.userId === "" ? "Choose a person to add" : error}
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        nothingFoundMessage={people.isFetching ? "Searching…" : "Nobody matches"}
      />
      <NativeSelect
        label="Team role"
        description="Leads manage the team's reading list with the publisher."
        {...form.getInputProps("role")}
        data={[
          { value: "member", label: "Member" },
          { value: "lead", label: "Lead" },
        ]}
      />
    </>
  )
}

/** The actions on one member (admin): make lead or member, remove after a confirmation. */
export const MemberActions = ({
  team,
  member,
  onError,
}: {
  readonly team: TeamDetail
  readonly member: TeamMember
  readonly onError: (error: unknown) => void
}) => {
  const refresh = useRefreshMembership(team)
  const [confirming, confirm] = useDisclosure(false)
  const nextRole: TeamRole = member.role === "lead" ? "member" : "lead"

  const setRole = useMutation({
    mutationFn: () => setTeamMemberRole(team.id, member.userId, nextRole),
    onMutate: () => onError(null),
    onSuccess: async (updated) => {
      await refresh(updated.userId)
      notifications.show({
        color: "teal",
        title: "Team role changed",
        message: `${updated.name} is now ${updated.role === "lead" ? "a lead" : "a member"} of ${team.name}.`,
      })
    },
    onError,
  })

  const remove = useMutation({
    mutationFn: () => removeTeamMember(team.id, member.userId),
    onSuccess: async () => {
      confirm.close()
      await refresh(member.userId)
      notifications.show({
        color: "teal",
        title: "Member removed",
        message: `${member.name} left ${team.name}.`,
      })
    },
  })

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Actions for ${member.name}`}
            loading={setRole.isPending}
          >
            <DotsIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setRole.mutate()}>
            {nextRole === "lead" ? "Make lead" : "Make member"}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            color="red"
            onClick={() => {
              remove.reset()
              confirm.open()
            }}
          >
            Remove from team…
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmModal
        opened={confirming}
        onClose={() => !remove.isPending && confirm.close()}
        title={`Remove ${member.name}?`}
        confirmLabel="Remove"
        danger
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate()}
      >
        <Text fz="sm">
          {member.name} ({member.email}) leaves {team.name} but stays in the company. You can add them back at
          any time.
        </Text>
      </ConfirmModal>
    </>
  )
}
