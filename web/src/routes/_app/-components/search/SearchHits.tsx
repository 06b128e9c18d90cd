import type { ReportHit, SearchResult } from "@folio/core"
import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core"
import type { ReactNode } from "react"
import { AnchorLink } from "../directory/AnchorLink"
import { RoleBadge } from "../directory/badges"
import { formatDate } from "../directory/format"
import { reportTypeLabels } from "../reports/badges"
import { ReportStatusBadge } from "../tickers/TickerPanel"
import { Highlight } from "./Highlight"
import classes from "./SearchScreen.module.css"

/** One matching report: its title and snippet with the matches marked, then its type, sector and date. */
export const Hit = ({ hit }: { readonly hit: ReportHit }) => {
  const report = hit.report
  const date = report.publishedAt ?? report.updatedAt
  return (
    <Stack gap={4} component="article" className={classes.hit} aria-label={report.title}>
      <AnchorLink
        to="/reports/$reportId"
        params={{ reportId: report.id }}
        fw={600}
        fz="md"
        className={classes.hitTitle}
      >
        <Highlight runs={hit.title.length > 0 ? hit.title : [{ text: report.title, hit: false }]} />
      </AnchorLink>
      {hit.snippet.length > 0 && (
        <Text fz="sm" c="dimmed" lineClamp={3} className={classes.snippet}>
          <Highlight runs={hit.snippet} />
        </Text>
      )}
      <Group gap={6} mt={2}>
        {report.status !== "published" && <ReportStatusBadge status={report.status} />}
        <Badge variant="default" radius="sm" size="sm">
          {reportTypeLabels[report.type]}
        </Badge>
        <Text fz="xs" c="dimmed">
          {report.sector} · {formatDate(date)}
          {report.authors.length > 0 ? ` · ${report.authors.map((a) => a.name).join(", ")}` : ""}
        </Text>
        {report.tickers.map((symbol) => (
          <Badge key={symbol} variant="light" radius="sm" size="sm" color="gray" ff="monospace">
            {symbol}
          </Badge>
        ))}
      </Group>
    </Stack>
  )
}

/** One kind of other match: a small heading over a row of chips. */
const MatchSection = ({
  id,
  title,
  children,
}: {
  readonly id: string
  readonly title: string
  readonly children: ReactNode
}) => (
  <Stack gap={6} component="section" aria-labelledby={id}>
    <Title order={2} fz="sm" id={id} c="dimmed" tt="uppercase" lts={0.4}>
      {title}
    </Title>
    <Group gap="xs">{children}</Group>
  </Stack>
)

const Chip = ({ children }: { readonly children: ReactNode }) => (
  <Paper withBorder radius="md" px="sm" py={6} className={classes.chip}>
    {children}
  </Paper>
)

/** Tickers, companies and people that match: compact lists above the reports. */
export const OtherMatches = ({ result }: { readonly result: SearchResult }) => {
  const sections = [
    result.tickers.length > 0 && (
      <MatchSection key="tickers" id="search-tickers" title="Tickers">
        {result.tickers.map((ticker) => (
          <AnchorLink key={ticker.symbol} to="/tickers" search={{ symbol: ticker.symbol }} underline="never">
            <Chip>
              <Text fz="sm" fw={650} ff="monospace" span>
                {ticker.symbol}
              </Text>{" "}
              <Text fz="sm" c="dimmed" span>
                {ticker.name}
              </Text>
            </Chip>
          </AnchorLink>
        ))}
      </MatchSection>
    ),
    result.companies.length > 0 && (
      <MatchSection key="companies" id="search-companies" title="Companies">
        {result.companies.map((company) => (
          <AnchorLink
            key={company.id}
            to="/companies/$companyId"
            params={{ companyId: company.id }}
            underline="never"
          >
            <Chip>
              <Text fz="sm" fw={600} span>
                {company.name}
              </Text>{" "}
              <Text fz="xs" c="dimmed" span>
                {company.kind === "publisher" ? "Publisher" : "Client"}
              </Text>
            </Chip>
          </AnchorLink>
        ))}
      </MatchSection>
    ),
    result.users.length > 0 && (
      <MatchSection key="users" id="search-users" title="People">
        {result.users.map((user) => (
          <AnchorLink key={user.id} to="/users/$userId" params={{ userId: user.id }} underline="never">
            <Chip>
              <Group gap={6} wrap="nowrap">
                <Text fz="sm" fw={600} span>
                  {user.name}
                </Text>
                <Text fz="xs" c="dimmed" span>
                  {user.company.name}
                </Text>
                <RoleBadge role={user.role} />
              </Group>
            </Chip>
          </AnchorLink>
        ))}
      </MatchSection>
    ),
  ].filter(Boolean)
  return sections.length === 0 ? null : <Stack gap="md">{sections}</Stack>
}

/** Placeholder lines in the shape of results while the first page loads. */
export const ResultsPending = () => (
  <Stack gap="lg" role="status" aria-label="Searching">
    {[0, 1, 2, 3].map((row) => (
      <Stack key={row} gap={6}>
        <Skeleton height={18} width="55%" />
        <Skeleton height={12} />
        <Skeleton height={12} width="80%" />
      </Stack>
    ))}
  </Stack>
)
