import { type CompanyId, can, lastDays, type TeamId } from "@folio/core"
import { Stack, Text, Title } from "@mantine/core"
import { useQuery } from "@tanstack/react-query"
import type { ReactNode } from "react"
import { analyticsQueryOptions } from "../../../../api/readership"
import { ReadershipFigures, ReadRows, TopReports } from "../dashboard/Readership"
import { AnchorLink } from "../directory/AnchorLink"
import { InlineError, Section, SectionPending } from "../directory/layout"
import { useMe } from "../directory/permissions"

/** The range the company and team pages sum up: the last 30 days, as `/analytics` opens with. */
const rangeDays = 30

/** True when the signed-in person may see readership (editors and admins all, analysts their own). */
export const useSeesReadership = (): boolean => can(useMe().user.role, "analytics.view")

const Part = ({ title, children }: { readonly title: string; readonly children: ReactNode }) => (
  <Stack gap="xs">
    <Title order={3} fz="sm" fw={600} c="dimmed">
      {title}
    </Title>
    {children}
  </Stack>
)

/**
 * "Readership, last 30 days" of a client company, or of one of its teams: views, reads and
 * readers, the most read reports, and by team (a company) or by reader (a team), answered from
 * the daily rollups; "Open in analytics" leads to the whole picture for the same range.
 */
export const ReadershipSection = ({
  id,
  companyId,
  teamId,
  audience,
}: {
  readonly id: string
  readonly companyId: CompanyId
  readonly teamId?: TeamId
  /** Whom the empty state names: "Nobody at Acme", "Nobody in Rates desk". */
  readonly audience: string
}) => {
  const range = lastDays(rangeDays)
  const query = useQuery(
    analyticsQueryOptions({
      ...range,
      company: companyId,
      ...(teamId === undefined ? {} : { team: teamId }),
    }),
  )
  return (
    <Section
      id={id}
      title={`Readership, last ${rangeDays} days`}
      description={query.data?.scope === "own" ? "Of the reports you wrote" : undefined}
      actions={
        <AnchorLink
          to="/analytics"
          search={{ ...range, company: companyId, ...(teamId === undefined ? {} : { team: teamId }) }}
          fz="sm"
        >
          Open in analytics
        </AnchorLink>
      }
    >
      {query.isPending ? (
        <SectionPending label="Loading the readership…" rows={3} />
      ) : query.isError ? (
        <InlineError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.totals.views === 0 && query.data.totals.reads === 0 ? (
        <Text c="dimmed" fz="sm">
          {audience} opened a report in the last {rangeDays} days.
        </Text>
      ) : (
        <Stack gap="lg">
          <ReadershipFigures totals={query.data.totals} />
          {query.data.topReports.length > 0 && (
            <Part title="Top reports">
              <TopReports reports={query.data.topReports} label="Top reports" />
            </Part>
          )}
          {teamId === undefined && query.data.byTeam.length > 0 && (
            <Part title="By team">
              <ReadRows
                label="Reads by team"
                rows={query.data.byTeam.slice(0, 10).map((team) => ({
                  key: team.id ?? "none",
                  name:
                    team.id === null ? (
                      <Text component="span" fz="sm" c="dimmed" truncate miw={0}>
                        {team.name}
                      </Text>
                    ) : (
                      <AnchorLink
                        to="/companies/$companyId/teams/$teamId"
                        params={{ companyId, teamId: team.id }}
                        fz="sm"
                        fw={500}
                        truncate
                        miw={0}
                      >
                        {team.name}
                      </AnchorLink>
                    ),
                  views: team.views,
                  reads: team.reads,
                }))}
              />
            </Part>
          )}
          {teamId !== undefined && query.data.readers.length > 0 && (
            <Part title="Readers">
              <ReadRows
                label="Reads by reader"
                rows={query.data.readers.slice(0, 10).map((reader) => ({
                  key: reader.id,
                  name: (
                    <AnchorLink
                      to="/users/$userId"
                      params={{ userId: reader.id }}
                      fz="sm"
                      fw={500}
                      truncate
                      miw={0}
                      title={reader.email}
                    >
                      {reader.name}
                    </AnchorLink>
                  ),
                  views: reader.views,
                  reads: reader.reads,
                }))}
              />
            </Part>
          )}
        </Stack>
      )}
    </Section>
  )
}
