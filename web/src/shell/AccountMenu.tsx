import { type Me, roleLabels } from "@folio/core"
import { Menu, Text } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { LogoutIcon, UserIcon } from "../components/icons"
import { UserMenuTrigger } from "./UserMenu"

/** The header's account menu: who is signed in, their profile, and signing out. */
export const AccountMenu = ({ account: me }: { readonly account: Me }) => (
  <Menu position="bottom-end" width={240} withArrow shadow="md">
    <Menu.Target>
      <UserMenuTrigger account={me} />
    </Menu.Target>
    <Menu.Dropdown>
      <Menu.Label>
        <Text fz="sm" fw={600} c="var(--mantine-color-text)" truncate>
          {me.user.name}
        </Text>
        <Text fz="xs" c="dimmed" truncate>
          {me.user.email}
        </Text>
        <Text fz="xs" c="dimmed" truncate>
          {roleLabels[me.user.role]} · {me.company.name}
        </Text>
      </Menu.Label>
      <Menu.Divider />
      <Menu.Item component={Link} to="/profile" leftSection={<UserIcon size={16} />}>
        Profile
      </Menu.Item>
      <Menu.Item component={Link} to="/sign-out" leftSection={<LogoutIcon size={16} />}>
        Sign out
      </Menu.Item>
    </Menu.Dropdown>
  </Menu>
)
