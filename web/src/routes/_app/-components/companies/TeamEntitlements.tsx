import type { TeamEntitlements as Entitlements, TeamId } from "@folio/core"
import { Alert, Badge, Group, Stack, Text, Title } from "@mantine/core"
import { useQuery } from "@tanstack/react-query"
import { teamEntitlementsQueryOptions } from "../../../../api/readership"
import { AlertIcon } from "../../../../components/icons"
import { InfoList } from "../../../-components/InfoList"
import { ReportItem, When } from "../dashboard/ReportRow"
import { TileList } from "../dashboard/Tile"
import { plural } from "../directory/format"
import { InlineError, Section, SectionPending } from "../directory/layout"
import { ReportStatusBadge } from "../reports/badges"

/** An audience entry's delay: "At release", "24 h after release". */
export const embargoLabel = (hours: number): string =>
  hours === 0 ? "At release" : `${hours.toLocaleString()} h after release`

const Sectors = ({ sectors }: { readonly sectors: Entitlements["sectors"] }) => {
  if (sectors === null) return <Text fz="sm">Every sector</Text>
  if (sectors.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        No sector: no report reaches the team
      </Text>
    )
  return (
    <Group gap={6}>
      {sectors.map((sector) => (
        <Badge key={sector} variant="default" radius="sm" tt="none" fw={500}>
          {sector}
        </Badge>
      ))}
    </Group>
  )
}

const Details = ({
  entitlements,
  companyName,
  teamName,
}: {
  readonly entitlements: Entitlements
  readonly companyName: string
  readonly teamName: string
}) => (
  <Stack gap="md">
    {entitlements.companySuspended && (
      <Alert color="yellow" variant="light" icon={<AlertIcon />}>
        {companyName} is suspended: nothing reaches its people until it is active again.
      </Alert>
    )}
    <InfoList
      rows={[
        { label: "Sectors", value: <Sectors sectors={entitlements.sectors} /> },
        {
          label: "Published reports reaching it",
          value: (
            <Stack gap={2} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
              <li>{plural(entitlements.reach.allClients, "report")} addressed to all clients</li>
              <li>
                {plural(entitlements.reach.company, "report")} addressed to {companyName}
              </li>
              <li>
                {plural(entitlements.reach.team, "report")} addressed to {teamName}
              </li>
            </Stack>
          ),
        },
        {
          label: "Embargo tiers",
          value:
            entitlements.tiers.length === 0 ? (
              <Text component="span" fz="sm" c="dimmed">
                None yet: no published report reaches the team
              </Text>
            ) : (
              <Stack gap={2} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
                {entitlements.tiers.map((tier) => (
                  <li key={tier.embargoHours}>
                    {embargoLabel(tier.embargoHours)}: {plural(tier.reports, "report")}
                  </li>
                ))}
              </Stack>
            ),
        },
      ]}
    />
    <Stack gap="xs">
      <Title order={3} fz="sm" fw={600} c="dimmed">
        Addressed to {teamName}
      </Title>
      {entitlements.addressed.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No report names this team in its audience; it receives what reaches {companyName}.
        </Text>
      ) : (
        <TileList label={`Reports addressed to ${teamName}`}>
          {entitlements.addressed.map((report) => (
            <ReportItem key={report.id} id={report.id} title={report.title}>
              {report.status !== "published" && <ReportStatusBadge status={report.status} />}
              <Text component="span" fz="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                {embargoLabel(report.embargoHours)}
              </Text>
              {report.publishedAt !== null && <When at={report.publishedAt} prefix="· published" />}
            </ReportItem>
          ))}
        </TileList>
      )}
    </Stack>
  </Stack>
)

/** "Entitlements": what reaches a team's members, and the reports addressed to it by name. */
export const TeamEntitlementsSection = ({
  teamId,
  teamName,
  companyName,
}: {
  readonly teamId: TeamId
  readonly teamName: string
  readonly companyName: string
}) => {
  const query = useQuery(teamEntitlementsQueryOptions(teamId))
  return (
    <Section
      id="team-entitlements"
      title="Entitlements"
      description={`What reaches the members of ${teamName}: ${companyName}'s sectors and the reports addressed to them.`}
    >
      {query.isPending ? (
        <SectionPending label="Loading the entitlements…" rows={3} />
      ) : query.isError ? (
        <InlineError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Details entitlements={query.data} companyName={companyName} teamName={teamName} />
      )}
    </Section>
  )
}
