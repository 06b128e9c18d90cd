import type { UserId } from "@folio/core"
import { Avatar, Group, Paper, Stack, Text, Title } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useSuspenseQuery } from "@tanstack/react-query"
import { userQueryOptions } from "../../../../api/users"
import { InfoList } from "../../../-components/InfoList"
import { AnchorLink } from "../directory/AnchorLink"
import { CompanyKindBadge, RoleBadge, TeamRoleBadge, UserStatusBadge } from "../directory/badges"
import { formatDate } from "../directory/format"
import { PageHeader, Section } from "../directory/layout"
import { useCanManage, useMe } from "../directory/permissions"
import { UserActivitySection } from "./UserActivitySection"
import { UserAdminActions } from "./UserAdminActions"
import { UserReadershipSection } from "./UserReadershipSection"
import { UserSessionsSection } from "./UserSessionsSection"
import { LastSignIn } from "./UsersScreen"

const initials = (name: string): string =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .join("")

export const UserScreen = ({ userId }: { readonly userId: UserId }) => {
  const { data: user } = useSuspenseQuery(userQueryOptions(userId))
  useDocumentTitle(`${user.name} · Users · Folio`)
  const me = useMe()
  const canManage = useCanManage("users.manage")
  // The console reflects core's policy; the server answers these two only to admins anyway.
  const canSeeActivity = useCanManage("audit.read")
  const canErase = useCanManage("readership.erase")
  const isMe = me.user.id === user.id

  return (
    <Stack gap="lg" maw={900}>
      <PageHeader
        title={user.name}
        crumbs={[
          <AnchorLink key="users" to="/users" fz="sm">
            Users
          </AnchorLink>,
        ]}
        actions={canManage ? <UserAdminActions user={user} variant="buttons" /> : undefined}
      />
      <Paper
        withBorder
        radius="lg"
        p={{ base: "md", sm: "lg" }}
        component="section"
        aria-labelledby="user-profile"
      >
        <Group gap="md" mb="lg" wrap="nowrap" align="center">
          <Avatar size={56} radius="xl" color="indigo" aria-hidden="true">
            {initials(user.name)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Title order={2} fz="h4" id="user-profile">
              Profile{isMe ? " (you)" : ""}
            </Title>
            <Text c="dimmed" fz="sm" style={{ overflowWrap: "anywhere" }}>
              {user.email}
            </Text>
          </div>
        </Group>
        <InfoList
          rows={[
            { label: "Role", value: <RoleBadge role={user.role} /> },
            { label: "Status", value: <UserStatusBadge status={user.status} /> },
            {
              label: "Company",
              value: (
                <Group gap={8}>
                  <AnchorLink to="/companies/$companyId" params={{ companyId: user.company.id }} fz="sm">
                    {user.company.name}
                  </AnchorLink>
                  <CompanyKindBadge kind={user.company.kind} />
                </Group>
              ),
            },
            { label: "Last sign-in", value: <LastSignIn at={user.lastSignInAt} /> },
            { label: "Time zone", value: user.timezone },
            { label: "Member since", value: formatDate(user.createdAt) },
          ]}
        />
        {user.status === "invited" && (
          <Text c="dimmed" fz="sm" mt="md">
            Invited: {user.name} becomes active after setting a password from the invitation email.
          </Text>
        )}
      </Paper>
      <Section
        id="user-teams"
        title="Teams"
        description={`Teams of ${user.company.name} that ${isMe ? "you belong" : `${user.name} belongs`} to.`}
      >
        {user.teams.length === 0 ? (
          <Text c="dimmed" fz="sm">
            Not in any team.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {user.teams.map((team) => (
              <Group key={team.teamId} component="li" justify="space-between" gap="sm" wrap="nowrap">
                <AnchorLink
                  to="/companies/$companyId/teams/$teamId"
                  params={{ companyId: user.company.id, teamId: team.teamId }}
                  fz="sm"
                  fw={600}
                >
                  {team.name}
                </AnchorLink>
                <TeamRoleBadge role={team.role} />
              </Group>
            ))}
          </Stack>
        )}
      </Section>
      {canManage && <UserSessionsSection user={user} />}
      {canSeeActivity && <UserActivitySection user={user} />}
      {canErase && <UserReadershipSection user={user} />}
    </Stack>
  )
}
