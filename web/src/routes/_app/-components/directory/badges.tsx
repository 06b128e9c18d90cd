import {
  type CompanyKind,
  type CompanyStatus,
  type Role,
  roleLabels,
  type TeamRole,
  type UserStatus,
} from "@folio/core"
import { Badge } from "@mantine/core"

const userStatus: Record<UserStatus, { label: string; color: string }> = {
  active: { label: "Active", color: "teal" },
  invited: { label: "Invited", color: "blue" },
  disabled: { label: "Disabled", color: "gray" },
}

export const UserStatusBadge = ({ status }: { readonly status: UserStatus }) => (
  <Badge variant="light" radius="sm" color={userStatus[status].color}>
    {userStatus[status].label}
  </Badge>
)

export const RoleBadge = ({ role }: { readonly role: Role }) => (
  <Badge variant="outline" radius="sm" color={role === "admin" ? "grape" : "indigo"}>
    {roleLabels[role]}
  </Badge>
)

export const CompanyKindBadge = ({ kind }: { readonly kind: CompanyKind }) => (
  <Badge variant="outline" radius="sm" color={kind === "publisher" ? "grape" : "gray"}>
    {kind === "publisher" ? "Publisher" : "Client"}
  </Badge>
)

export const CompanyStatusBadge = ({ status }: { readonly status: CompanyStatus }) => (
  <Badge variant="light" radius="sm" color={status === "active" ? "teal" : "orange"}>
    {status === "active" ? "Active" : "Suspended"}
  </Badge>
)

export const TeamRoleBadge = ({ role }: { readonly role: TeamRole }) => (
  <Badge variant={role === "lead" ? "filled" : "light"} radius="sm" color="indigo">
    {role === "lead" ? "Lead" : "Member"}
  </Badge>
)

export const userStatusLabels = Object.fromEntries(
  Object.entries(userStatus).map(([key, value]) => [key, value.label]),
) as Record<UserStatus, string>
