import type { CompanyId, TeamId } from "@folio/core"
import { Breadcrumbs, Group, Text } from "@mantine/core"
import { AnchorLink } from "../directory/AnchorLink"
import { useGrant } from "../directory/permissions"
import type { AnalyticsSearch } from "./search"

/**
 * Where the drill-down is: every company › one company › one of its teams, each step a link back
 * up (the range stays); beside it, the company's or team's own page.
 */
export const DrillTrail = ({
  search,
  company,
  team,
}: {
  readonly search: AnalyticsSearch
  readonly company: { readonly id: CompanyId; readonly name: string } | null
  readonly team: { readonly id: TeamId; readonly name: string } | null
}) => {
  const canOpenCompanies = useGrant("companies.read") !== "none"
  const companyName = company?.name ?? "Company"
  const current = (label: string) => (
    <Text fz="sm" fw={600} aria-current="location" style={{ overflowWrap: "anywhere" }}>
      {label}
    </Text>
  )
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Breadcrumbs
        component="nav"
        aria-label="Drill-down"
        fz="sm"
        separatorMargin={6}
        style={{ flexWrap: "wrap" }}
      >
        <AnchorLink to="/analytics" search={{ ...search, company: undefined, team: undefined }} fz="sm">
          All companies
        </AnchorLink>
        {search.team === undefined ? (
          current(companyName)
        ) : (
          <AnchorLink to="/analytics" search={{ ...search, team: undefined }} fz="sm">
            {companyName}
          </AnchorLink>
        )}
        {search.team !== undefined && current(team?.name ?? "Team")}
      </Breadcrumbs>
      {canOpenCompanies && company !== null && (
        <Group gap="md">
          {team === null ? (
            <AnchorLink to="/companies/$companyId" params={{ companyId: company.id }} fz="sm">
              {company.name}’s page
            </AnchorLink>
          ) : (
            <AnchorLink
              to="/companies/$companyId/teams/$teamId"
              params={{ companyId: company.id, teamId: team.id }}
              fz="sm"
            >
              {team.name}’s page
            </AnchorLink>
          )}
        </Group>
      )}
    </Group>
  )
}
