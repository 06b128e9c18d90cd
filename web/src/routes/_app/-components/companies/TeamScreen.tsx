import type { CompanyId, TeamId } from "@folio/core"
import { Alert, Stack, Table, Text, VisuallyHidden } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useSuspenseQuery } from "@tanstack/react-query"
import { useState } from "react"
import { companyQueryOptions } from "../../../../api/companies"
import { teamQueryOptions } from "../../../../api/teams"
import { AlertIcon } from "../../../../components/icons"
import { AnchorLink } from "../directory/AnchorLink"
import { TeamRoleBadge } from "../directory/badges"
import { plural } from "../directory/format"
import { actionErrorText } from "../directory/forms"
import { EmptyList, PageHeader, Section } from "../directory/layout"
import { useCanManage } from "../directory/permissions"
import { ReadershipSection, useSeesReadership } from "./Readership"
import { DeleteTeamButton, EditTeamDialog } from "./TeamDialogs"
import { TeamEntitlementsSection } from "./TeamEntitlements"
import { AddMemberDialog, MemberActions } from "./TeamMembers"

export const TeamScreen = ({
  companyId,
  teamId,
}: {
  readonly companyId: CompanyId
  readonly teamId: TeamId
}) => {
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId))
  const { data: team } = useSuspenseQuery(teamQueryOptions(teamId))
  useDocumentTitle(`${team.name} · ${company.name} · Folio`)
  const canManage = useCanManage("teams.manage")
  const seesReadership = useSeesReadership() && company.kind === "client"
  const [actionError, setActionError] = useState<unknown>(null)

  return (
    <Stack gap="lg" maw={1000}>
      <PageHeader
        title={team.name}
        crumbs={[
          <AnchorLink key="companies" to="/companies" fz="sm">
            Companies
          </AnchorLink>,
          <AnchorLink key="company" to="/companies/$companyId" params={{ companyId }} fz="sm">
            {company.name}
          </AnchorLink>,
        ]}
        description={team.description || `A team of ${company.name}.`}
        actions={
          canManage ? (
            <>
              <EditTeamDialog team={team} />
              <DeleteTeamButton team={team} companyName={company.name} />
            </>
          ) : undefined
        }
      />
      <Section
        id="team-members"
        title="Members"
        description={plural(team.members.length, "member")}
        actions={canManage ? <AddMemberDialog team={team} /> : undefined}
      >
        {actionError !== null && (
          <Alert
            color="red"
            variant="light"
            icon={<AlertIcon />}
            role="alert"
            mb="md"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setActionError(null)}
          >
            {actionErrorText(actionError)}
          </Alert>
        )}
        {team.members.length === 0 ? (
          <EmptyList
            title="No members yet"
            description={
              canManage
                ? `Add people of ${company.name} to this team.`
                : "Nobody has been added to this team yet."
            }
          />
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="sm" highlightOnHover aria-labelledby="team-members">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Team role</Table.Th>
                  {canManage && (
                    <Table.Th w={56}>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {team.members.map((member) => (
                  <Table.Tr key={member.userId}>
                    <Table.Td>
                      <AnchorLink to="/users/$userId" params={{ userId: member.userId }} fw={600} fz="sm">
                        {member.name}
                      </AnchorLink>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
                        {member.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <TeamRoleBadge role={member.role} />
                    </Table.Td>
                    {canManage && (
                      <Table.Td ta="right">
                        <MemberActions team={team} member={member} onError={setActionError} />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
      <TeamEntitlementsSection teamId={teamId} teamName={team.name} companyName={company.name} />
      {seesReadership && (
        <ReadershipSection
          id="team-readership"
          companyId={companyId}
          teamId={teamId}
          audience={`Nobody in ${team.name}`}
        />
      )}
    </Stack>
  )
}
