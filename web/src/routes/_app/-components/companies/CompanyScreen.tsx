import type { Company, CompanyId } from "@folio/core"
import { Badge, Grid, Group, Stack, Table, Text } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useSuspenseInfiniteQuery, useSuspenseQuery } from "@tanstack/react-query"
import { companyQueryOptions } from "../../../../api/companies"
import { teamsInfiniteQueryOptions } from "../../../../api/teams"
import { usersInfiniteQueryOptions } from "../../../../api/users"
import { InfoList } from "../../../-components/InfoList"
import { AnchorLink } from "../directory/AnchorLink"
import { CompanyKindBadge, CompanyStatusBadge, RoleBadge, UserStatusBadge } from "../directory/badges"
import { formatDateTime, plural } from "../directory/format"
import { EmptyList, LoadMore, PageHeader, Section } from "../directory/layout"
import { useCanManage } from "../directory/permissions"
import { InviteUserDialog } from "../users/InviteUserDialog"
import { EditCompanyDialog } from "./EditCompanyDialog"
import { NewTeamDialog } from "./NewTeamDialog"
import { ReadershipSection, useSeesReadership } from "./Readership"

const Entitlements = ({ company }: { readonly company: Company }) => {
  if (company.entitlements === "all") return <Text fz="sm">All sectors</Text>
  if (company.entitlements.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        No sectors
      </Text>
    )
  return (
    <Group gap={6}>
      {company.entitlements.map((sector) => (
        <Badge key={sector} variant="default" radius="sm" tt="none" fw={500}>
          {sector}
        </Badge>
      ))}
    </Group>
  )
}

const DetailsSection = ({ company }: { readonly company: Company }) => (
  <Section id="company-details" title="Details">
    <InfoList
      rows={[
        {
          label: "Slug",
          value: (
            <Text ff="monospace" fz="sm">
              {company.slug}
            </Text>
          ),
        },
        { label: "Kind", value: <CompanyKindBadge kind={company.kind} /> },
        { label: "Status", value: <CompanyStatusBadge status={company.status} /> },
        {
          label: "Domain",
          value: company.domain ?? (
            <Text component="span" c="dimmed" fz="sm">
              None
            </Text>
          ),
        },
        { label: "Entitlements", value: <Entitlements company={company} /> },
        { label: "Created", value: formatDateTime(company.createdAt) },
        { label: "Updated", value: formatDateTime(company.updatedAt) },
      ]}
    />
  </Section>
)

const TeamsSection = ({ company }: { readonly company: Company }) => {
  const canManage = useCanManage("teams.manage")
  const query = useSuspenseInfiniteQuery(teamsInfiniteQueryOptions(company.id))
  const teams = query.data.pages.flatMap((page) => page.items)
  return (
    <Section
      id="company-teams"
      title="Teams"
      description={plural(company.teamCount, "team")}
      actions={canManage && teams.length > 0 ? <NewTeamDialog company={company} /> : undefined}
    >
      {teams.length === 0 ? (
        <EmptyList
          title="No teams yet"
          description="Teams group a company's people, e.g. a desk that receives its own reports."
          action={canManage ? <NewTeamDialog company={company} variant="filled" /> : undefined}
        />
      ) : (
        <>
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="sm" highlightOnHover aria-labelledby="company-teams">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th ta="right">Members</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {teams.map((team) => (
                  <Table.Tr key={team.id}>
                    <Table.Td>
                      <AnchorLink
                        to="/companies/$companyId/teams/$teamId"
                        params={{ companyId: company.id, teamId: team.id }}
                        fw={600}
                        fz="sm"
                      >
                        {team.name}
                      </AnchorLink>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm" c={team.description ? "inherit" : "dimmed"} lineClamp={2}>
                        {team.description || "—"}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{team.memberCount.toLocaleString()}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {query.hasNextPage && (
            <LoadMore
              shown={teams.length}
              noun="teams"
              hasMore
              loading={query.isFetchingNextPage}
              error={query.isFetchNextPageError ? query.error : null}
              onLoadMore={() => void query.fetchNextPage()}
            />
          )}
        </>
      )}
    </Section>
  )
}

const PeopleSection = ({ company }: { readonly company: Company }) => {
  const canInvite = useCanManage("users.manage")
  const query = useSuspenseInfiniteQuery(usersInfiniteQueryOptions({ companyId: company.id }))
  const users = query.data.pages.flatMap((page) => page.items)
  return (
    <Section
      id="company-people"
      title="People"
      description={plural(company.userCount, "person", "people")}
      actions={
        <>
          <AnchorLink to="/users" search={{ companyId: company.id }} fz="sm">
            Open in directory
          </AnchorLink>
          {canInvite && <InviteUserDialog company={company} size="xs" />}
        </>
      }
    >
      {users.length === 0 ? (
        <EmptyList
          title="Nobody here yet"
          description={canInvite ? "Invite the first person of this company." : "This company has no users."}
        />
      ) : (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" highlightOnHover aria-labelledby="company-people">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>
                      <AnchorLink to="/users/$userId" params={{ userId: user.id }} fw={600} fz="sm">
                        {user.name}
                      </AnchorLink>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
                        {user.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <RoleBadge role={user.role} />
                    </Table.Td>
                    <Table.Td>
                      <UserStatusBadge status={user.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {query.hasNextPage && (
            <LoadMore
              shown={users.length}
              noun="people"
              hasMore
              loading={query.isFetchingNextPage}
              error={query.isFetchNextPageError ? query.error : null}
              onLoadMore={() => void query.fetchNextPage()}
            />
          )}
        </>
      )}
    </Section>
  )
}

export const CompanyScreen = ({ companyId }: { readonly companyId: CompanyId }) => {
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId))
  useDocumentTitle(`${company.name} · Companies · Folio`)
  const canEdit = useCanManage("companies.manage")
  const seesReadership = useSeesReadership() && company.kind === "client"
  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={company.name}
        crumbs={[
          <AnchorLink key="companies" to="/companies" fz="sm">
            Companies
          </AnchorLink>,
        ]}
        badges={
          <Group gap={6}>
            <CompanyKindBadge kind={company.kind} />
            <CompanyStatusBadge status={company.status} />
          </Group>
        }
        description={`${plural(company.userCount, "person", "people")} · ${plural(company.teamCount, "team")}`}
        actions={canEdit ? <EditCompanyDialog company={company} /> : undefined}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            <DetailsSection company={company} />
            {seesReadership && (
              <ReadershipSection
                id="company-readership"
                companyId={company.id}
                audience={`Nobody at ${company.name}`}
              />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <TeamsSection company={company} />
            <PeopleSection company={company} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  )
}
