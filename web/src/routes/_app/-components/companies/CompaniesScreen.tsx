import { type Company, pluralNoun } from "@folio/core"
import { Code, Text } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useSuspenseInfiniteQuery } from "@tanstack/react-query"
import { type CompanyFilters, companiesInfiniteQueryOptions } from "../../../../api/companies"
import { AnchorLink } from "../directory/AnchorLink"
import { CompanyKindBadge, CompanyStatusBadge } from "../directory/badges"
import {
  type DirectoryColumn,
  DirectoryScreen,
  FilterSelect,
  useShownFilters,
} from "../directory/DirectoryScreen"
import { useCanManage, useGrant } from "../directory/permissions"
import { SearchInput } from "../directory/SearchInput"
import { NewCompanyDialog } from "./NewCompanyDialog"

const columns: ReadonlyArray<DirectoryColumn<Company>> = [
  {
    header: "Name",
    cell: (company) => (
      <AnchorLink to="/companies/$companyId" params={{ companyId: company.id }} fw={600} fz="sm">
        {company.name}
      </AnchorLink>
    ),
  },
  { header: "Slug", cell: (company) => <Code>{company.slug}</Code> },
  { header: "Kind", cell: (company) => <CompanyKindBadge kind={company.kind} /> },
  { header: "Status", cell: (company) => <CompanyStatusBadge status={company.status} /> },
  { header: "Users", align: "right", cell: (company) => company.userCount.toLocaleString() },
  { header: "Teams", align: "right", cell: (company) => company.teamCount.toLocaleString() },
  {
    header: "Domain",
    cell: (company) =>
      company.domain ?? (
        <Text component="span" c="dimmed" fz="sm">
          —
        </Text>
      ),
  },
]

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
  const { shown, updating } = useShownFilters(filters)
  const list = useSuspenseInfiniteQuery(companiesInfiniteQueryOptions(shown))
  return (
    <DirectoryScreen
      title="Companies"
      description={
        seesAll
          ? "The publisher and its client companies, their teams and people."
          : "Your company, its teams and people."
      }
      actions={canCreate ? <NewCompanyDialog /> : undefined}
      filters={filters}
      onFiltersChange={onFiltersChange}
      filterBar={
        seesAll
          ? {
              label: "Filter companies",
              children: (
                <>
                  <SearchInput
                    label="Search"
                    placeholder="Name or slug"
                    value={filters.q}
                    onSearch={(q) => onFiltersChange({ q })}
                  />
                  <FilterSelect
                    label="Kind"
                    anyLabel="All kinds"
                    value={filters.kind}
                    onChange={(kind) => onFiltersChange({ kind })}
                    options={[
                      { value: "client", label: "Client" },
                      { value: "publisher", label: "Publisher" },
                    ]}
                  />
                  <FilterSelect
                    label="Status"
                    anyLabel="Any status"
                    value={filters.status}
                    onChange={(status) => onFiltersChange({ status })}
                    options={[
                      { value: "active", label: "Active" },
                      { value: "suspended", label: "Suspended" },
                    ]}
                  />
                </>
              ),
            }
          : undefined
      }
      updating={updating}
      list={list}
      label="Companies"
      columns={columns}
      rowKey={(company) => company.id}
      minWidth={760}
      noun={(count) => pluralNoun(count, "company", "companies")}
      empty={{
        noMatch: "No company matches these filters",
        title: "No companies yet",
        description: canCreate ? "Create the first client company." : "There is nothing to show here yet.",
        action: canCreate ? <NewCompanyDialog /> : undefined,
      }}
    />
  )
}
