import { pluralNoun, type Role, roleLabels, roles, type UserStatus } from "@folio/core"
import {
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useSuspenseInfiniteQuery } from "@tanstack/react-query"
import { useDeferredValue } from "react"
import { type UserFilters, usersInfiniteQueryOptions } from "../../../../api/users"
import { AnchorLink } from "../directory/AnchorLink"
import { RoleBadge, UserStatusBadge, userStatusLabels } from "../directory/badges"
import { CompanySelect } from "../directory/CompanySelect"
import { formatDateTime, formatRelative } from "../directory/format"
import { EmptyList, LoadMore, PageHeader } from "../directory/layout"
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
  const shown = useDeferredValue(filters)
  const query = useSuspenseInfiniteQuery(usersInfiniteQueryOptions(shown))
  const users = query.data.pages.flatMap((page) => page.items)
  const filtered =
    filters.q !== undefined ||
    filters.companyId !== undefined ||
    filters.role !== undefined ||
    filters.status !== undefined
  const updating = shown !== filters

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title="Users"
        description={seesAll ? "Everyone with access to Folio." : `The people of ${me.company.name}.`}
        actions={canManage ? <InviteUserDialog /> : undefined}
      />
      <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
        <Group component="search" aria-label="Filter users" gap="sm" align="flex-end" mb="md" wrap="wrap">
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
          <NativeSelect
            label="Role"
            value={filters.role ?? ""}
            onChange={(event) =>
              onFiltersChange({ role: (event.currentTarget.value || undefined) as Role | undefined })
            }
            data={[
              { value: "", label: "Any role" },
              ...roles.map((role) => ({ value: role, label: roleLabels[role] })),
            ]}
          />
          <NativeSelect
            label="Status"
            value={filters.status ?? ""}
            onChange={(event) =>
              onFiltersChange({ status: (event.currentTarget.value || undefined) as UserStatus | undefined })
            }
            data={[
              { value: "", label: "Any status" },
              ...(["active", "invited", "disabled"] as const).map((status) => ({
                value: status,
                label: userStatusLabels[status],
              })),
            ]}
          />
          {updating && <Loader size="sm" mb={8} aria-label="Updating the list" />}
        </Group>
        {users.length === 0 ? (
          filtered ? (
            <EmptyList
              title="Nobody matches these filters"
              description="Try another search, or clear the filters."
              action={
                <Button
                  variant="default"
                  onClick={() =>
                    onFiltersChange({
                      q: undefined,
                      companyId: undefined,
                      role: undefined,
                      status: undefined,
                    })
                  }
                >
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyList
              title="No users yet"
              description={canManage ? "Invite the first person." : undefined}
            />
          )
        ) : (
          <>
            <Table.ScrollContainer minWidth={820}>
              <Table highlightOnHover verticalSpacing="sm" aria-label="Users" opacity={updating ? 0.6 : 1}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Company</Table.Th>
                    <Table.Th>Role</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Last sign-in</Table.Th>
                    {canManage && (
                      <Table.Th w={56}>
                        <VisuallyHidden>Actions</VisuallyHidden>
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {users.map((user) => (
                    <Table.Tr key={user.id}>
                      <Table.Td>
                        <AnchorLink to="/users/$userId" params={{ userId: user.id }} fw={600} fz="sm">
                          {user.name}
                        </AnchorLink>
                        <Text c="dimmed" fz="xs" style={{ overflowWrap: "anywhere" }}>
                          {user.email}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <AnchorLink
                          to="/companies/$companyId"
                          params={{ companyId: user.company.id }}
                          fz="sm"
                          c="inherit"
                        >
                          {user.company.name}
                        </AnchorLink>
                      </Table.Td>
                      <Table.Td>
                        <RoleBadge role={user.role} />
                      </Table.Td>
                      <Table.Td>
                        <UserStatusBadge status={user.status} />
                      </Table.Td>
                      <Table.Td>
                        <LastSignIn at={user.lastSignInAt} />
                      </Table.Td>
                      {canManage && (
                        <Table.Td ta="right">
                          <UserAdminActions user={user} variant="menu" />
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <LoadMore
              shown={users.length}
              noun={pluralNoun(users.length, "person", "people")}
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
