import { pluralNoun, roleLabels, roles, type UserSummary } from "@folio/core"
import { Text, Tooltip, VisuallyHidden } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useSuspenseInfiniteQuery } from "@tanstack/react-query"
import { type UserFilters, usersInfiniteQueryOptions } from "../../../../api/users"
import { AnchorLink } from "../directory/AnchorLink"
import { RoleBadge, UserStatusBadge, userStatusLabels } from "../directory/badges"
import { CompanySelect } from "../directory/CompanySelect"
import {
  type DirectoryColumn,
  DirectoryScreen,
  FilterSelect,
  useShownFilters,
} from "../directory/DirectoryScreen"
import { formatDateTime, formatRelative } from "../directory/format"
import { useCanManage, useGrant, useMe } from "../directory/permissions"
import { SearchInput } from "../directory/SearchInput"
import { InviteUserDialog } from "./InviteUserDialog"
import { UserAdminActions } from "./UserAdminActions"

export const LastSignIn = ({ at }: { readonly at: Date | null }) =>
  at === null ? (
    <Text component="span" c="dimmed" fz="sm">
      Never
    </Text>
  ) : (
    <Tooltip label={formatDateTime(at)} openDelay={300}>
      <Text component="time" dateTime={at.toISOString()} fz="sm">
        {formatRelative(at)}
      </Text>
    </Tooltip>
  )

const columns: ReadonlyArray<DirectoryColumn<UserSummary>> = [
  {
    header: "Name",
    cell: (user) => (
      <>
        <AnchorLink to="/users/$userId" params={{ userId: user.id }} fw={600} fz="sm">
          {user.name}
        </AnchorLink>
        <Text c="dimmed" fz="xs" style={{ overflowWrap: "anywhere" }}>
          {user.email}
        </Text>
      </>
    ),
  },
  {
    header: "Company",
    cell: (user) => (
      <AnchorLink to="/companies/$companyId" params={{ companyId: user.company.id }} fz="sm" c="inherit">
        {user.company.name}
      </AnchorLink>
    ),
  },
  { header: "Role", cell: (user) => <RoleBadge role={user.role} /> },
  { header: "Status", cell: (user) => <UserStatusBadge status={user.status} /> },
  { header: "Last sign-in", cell: (user) => <LastSignIn at={user.lastSignInAt} /> },
]

const actionsColumn: DirectoryColumn<UserSummary> = {
  header: <VisuallyHidden>Actions</VisuallyHidden>,
  align: "right",
  width: 56,
  cell: (user) => <UserAdminActions user={user} variant="menu" />,
}

export const UsersScreen = ({
  filters,
  onFiltersChange,
}: {
  readonly filters: UserFilters
  readonly onFiltersChange: (change: Partial<UserFilters>) => void
}) => {
  useDocumentTitle("Users · Folio")
  const me = useMe()
  const seesAll = useGrant("users.read") === "all"
  const canManage = useCanManage("users.manage")
  const { shown, updating } = useShownFilters(filters)
  const list = useSuspenseInfiniteQuery(usersInfiniteQueryOptions(shown))
  return (
    <DirectoryScreen
      title="Users"
      description={seesAll ? "Everyone with access to Folio." : `The people of ${me.company.name}.`}
      actions={canManage ? <InviteUserDialog /> : undefined}
      filters={filters}
      onFiltersChange={onFiltersChange}
      filterBar={{
        label: "Filter users",
        children: (
          <>
            <SearchInput
              label="Search"
              placeholder="Name or email"
              value={filters.q}
              onSearch={(q) => onFiltersChange({ q })}
            />
            {seesAll && (
              <CompanySelect
                label="Company"
                placeholder="All companies"
                clearable
                value={filters.companyId}
                onChange={(company) => onFiltersChange({ companyId: company?.id })}
                style={{ flex: "1 1 12rem", maxWidth: "18rem" }}
              />
            )}
            <FilterSelect
              label="Role"
              anyLabel="Any role"
              value={filters.role}
              onChange={(role) => onFiltersChange({ role })}
              options={roles.map((role) => ({ value: role, label: roleLabels[role] }))}
            />
            <FilterSelect
              label="Status"
              anyLabel="Any status"
              value={filters.status}
              onChange={(status) => onFiltersChange({ status })}
              options={(["active", "invited", "disabled"] as const).map((status) => ({
                value: status,
                label: userStatusLabels[status],
              }))}
            />
          </>
        ),
      }}
      updating={updating}
      list={list}
      label="Users"
      columns={canManage ? [...columns, actionsColumn] : columns}
      rowKey={(user) => user.id}
      minWidth={820}
      noun={(count) => pluralNoun(count, "person", "people")}
      empty={{
        noMatch: "Nobody matches these filters",
        title: "No users yet",
        description: canManage ? "Invite the first person." : undefined,
      }}
    />
  )
}
