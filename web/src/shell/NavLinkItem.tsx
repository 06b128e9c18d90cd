import { NavLink, type NavLinkProps } from "@mantine/core"
import { createLink, type LinkComponent } from "@tanstack/react-router"
import type { AnchorHTMLAttributes, Ref } from "react"

type MantineNavLinkProps = Omit<NavLinkProps, "href"> &
  AnchorHTMLAttributes<HTMLAnchorElement> & { readonly ref?: Ref<HTMLAnchorElement> }

const MantineNavLink = ({ ref, ...props }: MantineNavLinkProps) => (
  <NavLink component="a" ref={ref} {...props} />
)

const CreatedNavLink = createLink(MantineNavLink)

/** Mantine's NavLink driven by the router: typed `to`, preloading on intent, `aria-current` when active. */
export const NavLinkItem: LinkComponent<typeof MantineNavLink> = (props) => (
  <CreatedNavLink preload="intent" {...props} />
)
