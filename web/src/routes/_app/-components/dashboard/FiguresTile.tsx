import { dayOf, lastDays, type PlatformFigures } from "@folio/core"
import { Paper, SimpleGrid, Stack, Text } from "@mantine/core"
import { useQuery } from "@tanstack/react-query"
import type { ReactNode } from "react"
import { platformFiguresQueryOptions } from "../../../../api/readership"
import { AnchorLink } from "../directory/AnchorLink"
import { readsChange } from "./format"
import { Tile, TileHeadingText, TileQuery } from "./Tile"

/** One headline figure: its name (a link to where it is managed), the number, a line of context. */
const Figure = ({
  id,
  link,
  value,
  detail,
  alert = false,
}: {
  readonly id: string
  readonly link: ReactNode
  readonly value: number
  readonly detail?: ReactNode
  readonly alert?: boolean
}) => (
  <Paper withBorder radius="md" p="sm" role="group" aria-labelledby={id} miw={0}>
    <Stack gap={4}>
      <Text id={id} fz="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
        {link}
      </Text>
      <Text fz={26} fw={700} lh={1.1} {...(alert ? { c: "red" } : {})}>
        {value.toLocaleString()}
      </Text>
      {detail !== undefined && (
        <Text fz="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Stack>
  </Paper>
)

const Figures = ({ figures }: { readonly figures: PlatformFigures }) => {
  const month = dayOf(new Date(Date.now() - 29 * 86_400_000))
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
      <Figure
        id="figure-active-users"
        link={<AnchorLink to="/users">Active users</AnchorLink>}
        value={figures.activeUsers}
        detail={`Signed in within 30 days, of ${figures.users.toLocaleString()} accounts`}
      />
      <Figure
        id="figure-clients"
        link={
          <AnchorLink to="/companies" search={{ kind: "client" }}>
            Client companies
          </AnchorLink>
        }
        value={figures.clientCompanies}
        detail="The firms reports are published to"
      />
      <Figure
        id="figure-published"
        link={
          <AnchorLink to="/reports" search={{ status: "published", sort: "-publishedAt", from: month }}>
            Published in 30 days
          </AnchorLink>
        }
        value={figures.publishedLast30Days}
        detail="Reports released in the last 30 days"
      />
      <Figure
        id="figure-reads"
        link={
          <AnchorLink to="/analytics" search={lastDays(7)}>
            Reads this week
          </AnchorLink>
        }
        value={figures.readsLast7Days}
        detail={readsChange(figures.readsLast7Days, figures.readsPrevious7Days)}
      />
      <Figure
        id="figure-dead-deliveries"
        link={
          <AnchorLink to="/control-panel" search={{ tab: "work" }}>
            Dead deliveries
          </AnchorLink>
        }
        value={figures.deadDeliveries}
        alert={figures.deadDeliveries > 0}
        detail={figures.deadDeliveries > 0 ? "Wait for a retry by hand" : "None waiting"}
      />
      <Figure
        id="figure-error-issues"
        link={<AnchorLink to="/developer/reports">Open error issues</AnchorLink>}
        value={figures.openErrorIssues}
        alert={figures.openErrorIssues > 0}
        detail="Console and server errors not yet resolved"
      />
      <Figure
        id="figure-jobs-waiting"
        link={
          <AnchorLink to="/control-panel" search={{ tab: "work" }}>
            Jobs waiting
          </AnchorLink>
        }
        value={figures.jobsWaiting}
        detail="Due and not yet run"
      />
      <Figure
        id="figure-jobs-failing"
        link={
          <AnchorLink to="/control-panel" search={{ tab: "work" }}>
            Jobs failing
          </AnchorLink>
        }
        value={figures.jobsFailing}
        alert={figures.jobsFailing > 0}
        detail="Failed their last attempt"
      />
    </SimpleGrid>
  )
}

/** The admin's headline figures, each leading to where it is looked into. */
export const FiguresTile = () => {
  const query = useQuery(platformFiguresQueryOptions())
  return (
    <Tile
      id="dashboard-figures"
      heading={
        <AnchorLink to="/control-panel" c="inherit">
          <TileHeadingText>Headline figures</TileHeadingText>
        </AnchorLink>
      }
    >
      <TileQuery
        query={query}
        loading="Loading the headline figures…"
        rows={2}
        isEmpty={() => false}
        empty={null}
      >
        {(figures) => <Figures figures={figures} />}
      </TileQuery>
    </Tile>
  )
}
