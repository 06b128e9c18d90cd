import { AppShell, Burger, Group, Stack, Text, useMantineTheme, VisuallyHidden } from "@mantine/core"
import { useDisclosure, useMediaQuery } from "@mantine/hooks"
import { useSuspenseQuery } from "@tanstack/react-query"
import { Link, Outlet, useRouterState } from "@tanstack/react-router"
import { useEffect, useRef } from "react"
import { meQueryOptions } from "../api/session"
import { ColorSchemeToggle } from "../components/ColorSchemeToggle"
import { FolioLogo } from "../components/FolioLogo"
import classes from "./AppLayout.module.css"
import { CommandPalette } from "./CommandPalette"
import { NavLinkItem } from "./NavLinkItem"
import { activeNavItem, navItemsFor } from "./navigation"
import { SiteBanner } from "./SiteBanner"
import { UserMenu } from "./UserMenu"

/** The signed-in shell: header, navigation (a drawer-like panel under `sm`), and the screen. */
export const AppLayout = () => {
  const { data: me } = useSuspenseQuery(meQueryOptions())
  const [navOpened, nav] = useDisclosure(false)
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const items = navItemsFor(me)
  const active = activeNavItem(items, pathname)
  const theme = useMantineTheme()
  // Below `sm` the AppShell collapses the navigation (its own breakpoint is `min-width: sm`).
  const isPhone = useMediaQuery(`(width < ${theme.breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  })
  const burger = useRef<HTMLButtonElement>(null)
  // Off-screen navigation must not catch the keyboard or the screen reader.
  const navHidden = isPhone === true && !navOpened

  const closeNav = () => {
    nav.close()
    if (isPhone) burger.current?.focus()
  }

  // On a phone the navigation covers the screen: close it once the user has gone somewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change only
  useEffect(() => nav.close(), [pathname])

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: "sm", collapsed: { mobile: !navOpened } }}
      padding={{ base: "md", sm: "lg" }}
    >
      <button
        type="button"
        className={classes.skipLink}
        // Focus moves without touching the URL's hash, which the router would treat as a navigation.
        onClick={() => document.getElementById("main-content")?.focus()}
      >
        Skip to content
      </button>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              ref={burger}
              opened={navOpened}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={navOpened ? "Close navigation" : "Open navigation"}
              aria-expanded={navOpened}
              aria-controls="app-navigation"
            />
            <Link
              to="/dashboard"
              aria-label="Folio dashboard"
              style={{ color: "inherit", textDecoration: "none" }}
            >
              <FolioLogo />
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <CommandPalette />
            <ColorSchemeToggle />
            <UserMenu account={me} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        id="app-navigation"
        aria-label="Main navigation"
        p="sm"
        inert={navHidden}
        onKeyDown={(event) => {
          if (event.key === "Escape" && navOpened) closeNav()
        }}
      >
        <AppShell.Section grow className={classes.navScroll}>
          <VisuallyHidden component="h2">Navigation</VisuallyHidden>
          <Stack gap={4}>
            {items.map((item) => (
              <NavLinkItem
                key={item.to}
                to={item.to}
                label={item.label}
                leftSection={<item.icon />}
                active={item === active}
                // The router would mark every ancestor's link current; only the highlighted area is.
                activeOptions={{ exact: true, includeSearch: false }}
                aria-current={item === active ? "page" : undefined}
                onClick={nav.close}
              />
            ))}
          </Stack>
        </AppShell.Section>
        <AppShell.Section>
          <Text c="dimmed" fz="xs" px="sm" py="xs" truncate>
            {me.company.name}
          </Text>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <SiteBanner me={me} />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  )
}
