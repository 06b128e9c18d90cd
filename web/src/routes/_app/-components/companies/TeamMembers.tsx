import { AddTeamMember, type TeamDetail, type TeamMember, type TeamRole } from "@folio/core"
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Menu,
  Modal,
  NativeSelect,
  Select,
  Stack,
  Text,
} from "@mantine/core"
import { useDebouncedValue, useDisclosure } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Either } from "effect"
import { type FormEvent, useRef, useState } from "react"
import { addTeamMember, removeTeamMember, setTeamMemberRole, teamKeys } from "../../../../api/teams"
import { userKeys, userOptionsQueryOptions } from "../../../../api/users"
import { AlertIcon } from "../../../../components/icons"
import { ConfirmModal } from "../directory/ConfirmModal"
import {
  type FormErrors,
  focusFirstInvalid,
  noFormErrors,
  serverFormErrors,
  validateWith,
} from "../directory/forms"
import { DotsIcon } from "../directory/icons"

const fields = ["userId", "role"] as const
type Field = (typeof fields)[number]
const validate = validateWith(AddTeamMember, fields)

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

/** "Add member" (admin): a picker of the company's people who are not in the team yet, and their role. */
export const AddMemberDialog = ({ team }: { readonly team: TeamDetail }) => {
  const [opened, { open, close }] = useDisclosure(false)
  const refresh = useRefreshMembership(team)
  const form = useRef<HTMLFormElement>(null)
  const [userId, setUserId] = useState<string | null>(null)
  const [role, setRole] = useState<TeamRole>("member")
  const [search, setSearch] = useState("")
  const [query] = useDebouncedValue(search, 250)
  const [errors, setErrors] = useState<FormErrors<Field>>(noFormErrors)
  const people = useQuery({ ...userOptionsQueryOptions(team.companyId, query), enabled: opened })
  const memberIds = new Set(team.members.map((member) => member.userId as string))

  const mutation = useMutation({
    mutationFn: (payload: AddTeamMember) => addTeamMember(team.id, payload),
    onSuccess: async (member) => {
      await refresh(member.userId)
      notifications.show({
        color: "teal",
        title: "Member added",
        message: `${member.name} joined ${team.name} as ${member.role === "lead" ? "a lead" : "a member"}.`,
      })
      close()
    },
    onError: (error) => {
      setErrors(serverFormErrors(error, fields))
      focusFirstInvalid(form.current)
    },
  })

  const start = () => {
    setUserId(null)
    setRole("member")
    setSearch("")
    setErrors(noFormErrors)
    open()
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (userId === null) {
      setErrors({ fields: { userId: "Choose a person to add" }, form: null })
      focusFirstInvalid(form.current)
      return
    }
    Either.match(validate({ userId, role }), {
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

  const options = (people.data?.items ?? []).map((user) => ({
    value: user.id as string,
    label: `${user.name} (${user.email})`,
    disabled: memberIds.has(user.id),
  }))

  return (
    <>
      <Button size="xs" onClick={start}>
        Add member
      </Button>
      <Modal
        opened={opened}
        onClose={() => !mutation.isPending && close()}
        title={`Add a member to ${team.name}`}
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
                title="Could not add the member"
              >
                {errors.form}
              </Alert>
            )}
            <Select
              label="Person"
              description="Only people of this team's company can join it."
              placeholder="Search by name or email"
              searchable
              required
              withAsterisk={false}
              data={options}
              value={userId}
              onChange={(value) => {
                setUserId(value)
                setErrors((current) => ({ ...current, fields: { ...current.fields, userId: undefined } }))
              }}
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options: all }) => all}
              nothingFoundMessage={people.isFetching ? "Searching…" : "Nobody matches"}
              error={errors.fields.userId}
              data-autofocus
            />
            <NativeSelect
              label="Team role"
              description="Leads manage the team's reading list with the publisher."
              value={role}
              error={errors.fields.role}
              onChange={(event) => setRole(event.currentTarget.value as TeamRole)}
              data={[
                { value: "member", label: "Member" },
                { value: "lead", label: "Lead" },
              ]}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={mutation.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={mutation.isPending}>
                Add to team
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
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
