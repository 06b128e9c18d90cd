import { type Role, roleLabels, rolesForCompanyKind, type UserSummary } from "@folio/core"
import { ActionIcon, Alert, Button, Group, Menu, Modal, NativeSelect, Stack, Text } from "@mantine/core"
import { useDisclosure } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import { sessionKeys } from "../../../../api/session"
import { setUserRole, setUserStatus, userKeys } from "../../../../api/users"
import { AlertIcon } from "../../../../components/icons"
import { ConfirmModal } from "../directory/ConfirmModal"
import { actionErrorText } from "../directory/forms"
import { DotsIcon } from "../directory/icons"
import { useMe } from "../directory/permissions"

const refreshUser = async (queryClient: QueryClient, updated: UserSummary, isMe: boolean) => {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: userKeys.detail(updated.id) }),
    queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
    isMe ? queryClient.invalidateQueries({ queryKey: sessionKeys.me }) : Promise.resolve(),
  ])
}

const ChangeRoleModal = ({
  user,
  opened,
  onClose,
}: {
  readonly user: UserSummary
  readonly opened: boolean
  readonly onClose: () => void
}) => {
  const queryClient = useQueryClient()
  const me = useMe()
  const [role, setRole] = useState<Role>(user.role)
  const allowed = rolesForCompanyKind(user.company.kind)
  const mutation = useMutation({
    mutationFn: (next: Role) => setUserRole(user.id, next),
    onSuccess: async (updated) => {
      await refreshUser(queryClient, updated, updated.id === me.user.id)
      notifications.show({
        color: "teal",
        title: "Role changed",
        message: `${updated.name} is now ${roleLabels[updated.role].toLowerCase()}.`,
      })
      onClose()
    },
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (role === user.role) onClose()
    else mutation.mutate(role)
  }
  return (
    <Modal
      opened={opened}
      onClose={() => !mutation.isPending && onClose()}
      title={`Change the role of ${user.name}`}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NativeSelect
            label="Role"
            description={
              user.company.kind === "client"
                ? `People of ${user.company.name} (a client) can be readers or developers.`
                : "What this person may do in Folio."
            }
            value={role}
            onChange={(event) => {
              setRole(event.currentTarget.value as Role)
              mutation.reset()
            }}
            data={allowed.map((value) => ({ value, label: roleLabels[value] }))}
            data-autofocus
          />
          {mutation.isError && (
            <Alert
              color="red"
              variant="light"
              icon={<AlertIcon />}
              role="alert"
              title="Could not change the role"
            >
              {actionErrorText(mutation.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending} disabled={role === user.role}>
              Change role
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

const StatusModal = ({
  user,
  opened,
  onClose,
}: {
  readonly user: UserSummary
  readonly opened: boolean
  readonly onClose: () => void
}) => {
  const queryClient = useQueryClient()
  const me = useMe()
  // Fixed when the dialog opens, so the words do not flip while the answer arrives.
  const [next] = useState(user.status === "disabled" ? ("active" as const) : ("disabled" as const))
  const mutation = useMutation({
    mutationFn: () => setUserStatus(user.id, next),
    onSuccess: async (updated) => {
      await refreshUser(queryClient, updated, updated.id === me.user.id)
      notifications.show({
        color: "teal",
        title: next === "disabled" ? "User disabled" : "User enabled",
        message: updated.name,
      })
      onClose()
    },
  })
  return (
    <ConfirmModal
      opened={opened}
      onClose={() => !mutation.isPending && onClose()}
      title={next === "disabled" ? `Disable ${user.name}?` : `Enable ${user.name}?`}
      confirmLabel={next === "disabled" ? "Disable" : "Enable"}
      danger={next === "disabled"}
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={() => mutation.mutate()}
    >
      <Text fz="sm">
        {next === "disabled"
          ? user.status === "invited"
            ? `${user.name} has not accepted the invitation yet. Disabling stops the invitation from letting them in.`
            : `${user.name} is signed out everywhere at once and cannot sign in, nor use API tokens, until enabled again.`
          : `${user.name} can sign in again with their existing password.`}
      </Text>
    </ConfirmModal>
  )
}

/**
 * An admin's actions on a person — change role, disable or enable — each behind a dialog that keeps
 * the server's answer (e.g. "the last active admin") where the admin asked. As a row menu or buttons.
 */
export const UserAdminActions = ({
  user,
  variant,
}: {
  readonly user: UserSummary
  readonly variant: "menu" | "buttons"
}) => {
  const [roleOpened, role] = useDisclosure(false)
  const [statusOpened, status] = useDisclosure(false)
  const enabling = user.status === "disabled"
  return (
    <>
      {variant === "menu" ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${user.name}`}>
              <DotsIcon />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={role.open}>Change role…</Menu.Item>
            <Menu.Item color={enabling ? "teal" : "red"} onClick={status.open}>
              {enabling ? "Enable…" : "Disable…"}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : (
        <Group gap="xs">
          <Button variant="default" onClick={role.open}>
            Change role
          </Button>
          <Button variant="light" color={enabling ? "teal" : "red"} onClick={status.open}>
            {enabling ? "Enable" : "Disable"}
          </Button>
        </Group>
      )}
      {/* Mounted only while open, so each opening starts from the user's current state. */}
      {roleOpened && <ChangeRoleModal user={user} opened={roleOpened} onClose={role.close} />}
      {statusOpened && <StatusModal user={user} opened={statusOpened} onClose={status.close} />}
    </>
  )
}
