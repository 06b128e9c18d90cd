import type { CompanyKind, CompanyStatus } from "@folio/core"
import { pluralNoun } from "@folio/core"
import { Button, Code, Group, Loader, NativeSelect, Paper, Stack, Table, Text } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useSuspenseInfiniteQuery } from "@tanstack/react-query"
import { useDeferredValue } from "react"
import { type CompanyFilters, companiesInfiniteQueryOptions } from "../../../../api/companies"
import { AnchorLink } from "../directory/AnchorLink"
import { CompanyKindBadge, CompanyStatusBadge } from "../directory/badges"
import { EmptyList, LoadMore, PageHeader } from "../directory/layout"
import { useCanManage, useGrant } from "../directory/permissions"
import { SearchInput } from "../directory/SearchInput"
import { NewCompanyDialog } from "./NewCompanyDialog"

export const CompaniesScreen = ({
  filters,
  onFiltersChange,
}: {
  readonly filters: CompanyFilters
  readonly onFiltersChange: (change: Partial<CompanyFilters>) => void
}) => {
  useDocumentTitle("Companies · Folio")
  const seesAll = useGrant("companies.read") === "all"
  const canCreate = useCanManage("companies.manage")
  // While the next filter's rows load, the current ones stay on screen.
  const shown = useDeferredValue(filters)
  const query = useSuspenseInfiniteQuery(companiesInfiniteQueryOptions(shown))
  const companies = query.data.pages.flatMap((page) => page.items)
  const filtered = filters.q !== undefined || filters.kind !== undefined || filters.status !== undefined
  const updating = shown !== filters

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title="Companies"
        description={
          seesAll
            ? "The publisher and its client companies, their teams and people."
            : "Your company, its teams and people."
        }
        actions={canCreate ? <NewCompanyDialog /> : undefined}
      />
      <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
        {seesAll && (
          <Group
            component="search"
            aria-label="Filter companies"
            gap="sm"
            align="flex-end"
            mb="md"
            wrap="wrap"
          >
            <SearchInput
              label="Search"
              placeholder="Name or slug"
              value={filters.q}
              onSearch={(q) => onFiltersChange({ q })}
            />
            <NativeSelect
              label="Kind"
              value={filters.kind ?? ""}
              onChange={(event) =>
                onFiltersChange({ kind: (event.currentTarget.value || undefined) as CompanyKind | undefined })
              }
              data={[
                { value: "", label: "All kinds" },
                { value: "client", label: "Client" },
                { value: "publisher", label: "Publisher" },
              ]}
            />
            <NativeSelect
              label="Status"
              value={filters.status ?? ""}
              onChange={(event) =>
                onFiltersChange({
                  status: (event.currentTarget.value || undefined) as CompanyStatus | undefined,
                })
              }
              data={[
                { value: "", label: "Any status" },
                { value: "active", label: "Active" },
                { value: "suspended", label: "Suspended" },
              ]}
            />
            {updating && <Loader size="sm" mb={8} aria-label="Updating the list" />}
          </Group>
        )}
        {companies.length === 0 ? (
          filtered ? (
            <EmptyList
              title="No company matches these filters"
              description="Try another search, or clear the filters."
              action={
                <Button
                  variant="default"
                  onClick={() => onFiltersChange({ q: undefined, kind: undefined, status: undefined })}
                >
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyList
              title="No companies yet"
              description={
                canCreate ? "Create the first client company." : "There is nothing to show here yet."
              }
              action={canCreate ? <NewCompanyDialog /> : undefined}
            />
          )
        ) : (
          <>
            <Table.ScrollContainer minWidth={760}>
              <Table
                highlightOnHover
                verticalSpacing="sm"
                aria-label="Companies"
                opacity={updating ? 0.6 : 1}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Slug</Table.Th>
                    <Table.Th>Kind</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th ta="right">Users</Table.Th>
                    <Table.Th ta="right">Teams</Table.Th>
                    <Table.Th>Domain</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {companies.map((company) => (
                    <Table.Tr key={company.id}>
                      <Table.Td>
                        <AnchorLink
                          to="/companies/$companyId"
                          params={{ companyId: company.id }}
                          fw={600}
                          fz="sm"
                        >
                          {company.name}
                        </AnchorLink>
                      </Table.Td>
                      <Table.Td>
                        <Code>{company.slug}</Code>
                      </Table.Td>
                      <Table.Td>
                        <CompanyKindBadge kind={company.kind} />
                      </Table.Td>
                      <Table.Td>
                        <CompanyStatusBadge status={company.status} />
                      </Table.Td>
                      <Table.Td ta="right">{company.userCount.toLocaleString()}</Table.Td>
                      <Table.Td ta="right">{company.teamCount.toLocaleString()}</Table.Td>
                      <Table.Td>
                        {company.domain ?? (
                          <Text component="span" c="dimmed" fz="sm">
                            —
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <LoadMore
              shown={companies.length}
              noun={pluralNoun(companies.length, "company", "companies")}
              hasMore={query.hasNextPage}
              loading={query.isFetchingNextPage}
              error={query.isFetchNextPageError ? query.error : null}
              onLoadMore={() => void query.fetchNextPage()}
            />
          </>
        )}
      </Paper>
    </Stack>
  )
}
