import { type Me, roleLabels } from "@folio/core"
import { Avatar, Group, Menu, Text, UnstyledButton } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { ChevronDownIcon, LogoutIcon, UserIcon } from "../components/icons"
import classes from "./UserMenu.module.css"

export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter((part) => part !== "")
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .join("")

export const UserMenu = ({ me }: { readonly me: Me }) => (
  <Menu position="bottom-end" width={240} withArrow shadow="md">
    <Menu.Target>
      <UnstyledButton className={classes.target} aria-label={`Account menu for ${me.user.name}`}>
        <Group gap={8} wrap="nowrap">
          <Avatar color="indigo" radius="xl" size={32} aria-hidden="true">
            {initialsOf(me.user.name)}
          </Avatar>
          <Text fz="sm" fw={500} visibleFrom="sm" truncate maw={160}>
            {me.user.name}
          </Text>
          <ChevronDownIcon size={14} />
        </Group>
      </UnstyledButton>
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
