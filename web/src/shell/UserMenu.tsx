import type { Me } from "@folio/core"
import { Avatar, Group, Text, UnstyledButton, type UnstyledButtonProps } from "@mantine/core"
import type { ComponentPropsWithRef } from "react"
import { deferred } from "../components/deferred"
import { ChevronDownIcon } from "../components/icons"
import classes from "./UserMenu.module.css"

export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter((part) => part !== "")
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .join("")

/** The header's account button: the signed-in person's initials and name. */
export const UserMenuTrigger = ({
  account: me,
  ...props
}: {
  /** Not `me`: that is Mantine's margin-end prop. */
  readonly account: Me
} & UnstyledButtonProps &
  ComponentPropsWithRef<"button">) => (
  <UnstyledButton className={classes.target} aria-label={`Account menu for ${me.user.name}`} {...props}>
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
)

/**
 * The account menu (profile, sign out). Its menu code loads after the first screen; until then
 * the same button stands in, marked unavailable, and a click on it opens the menu once it is in.
 */
export const UserMenu = deferred(
  () => import("./AccountMenu").then((module) => module.AccountMenu),
  ({ account }: { readonly account: Me }) => (
    <UserMenuTrigger account={account} aria-haspopup="menu" aria-disabled="true" />
  ),
)
