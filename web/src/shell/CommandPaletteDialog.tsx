import "@mantine/spotlight/styles.css"
import { can, type SearchResult } from "@folio/core"
import { Badge, Button, Group, Kbd, Loader, Text } from "@mantine/core"
import { useDebouncedValue } from "@mantine/hooks"
import {
  SpotlightAction,
  SpotlightActionsGroup,
  SpotlightActionsList,
  SpotlightEmpty,
  SpotlightFooter,
  SpotlightRoot,
  SpotlightSearch,
  useSpotlight,
} from "@mantine/spotlight"
import { useQuery, useSuspenseQuery } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { type ComponentType, type ReactNode, useEffect, useMemo } from "react"
import { quickSearchQueryOptions } from "../api/search"
import { meQueryOptions } from "../api/session"
import {
  ArrowRightIcon,
  ChartIcon,
  FileTextIcon,
  type IconProps,
  SearchIcon,
  UploadIcon,
} from "../components/icons"
import { Highlight } from "../routes/_app/-components/search/Highlight"
import classes from "./CommandPaletteDialog.module.css"
import { navItemsFor } from "./navigation"
import { palette, paletteStore } from "./paletteStore"

interface PaletteItem {
  readonly id: string
  readonly group: string
  readonly label: ReactNode
  /** The accessible name, and what the filter matches for navigation rows. */
  readonly text: string
  readonly description?: string | undefined
  readonly icon: ComponentType<IconProps>
  readonly badge?: string | undefined
  readonly open: () => unknown
}

/** Spotlight finds the list by this id (a CSS selector: no colons, so not `useId`'s). */
const listId = "command-palette-results"
const optionId = (index: number) => `${listId}-${index}`

const matches = (text: string, query: string): boolean =>
  text.toLowerCase().includes(query.trim().toLowerCase())

/** The rows render their selection from the store (Spotlight's own marking is a DOM attribute only). */
const select = (index: number) => paletteStore.setState((state) => ({ ...state, selected: index }))
/** Spotlight moves `selected` on ↑ and ↓ without telling the store's subscribers: tell them. */
const announceSelection = () => paletteStore.setState((state) => ({ ...state }))

/**
 * The Ctrl/Cmd-K palette (Mantine Spotlight): jump to an area the role may see, or type to search
 * reports, tickers, companies and people (as the server permits) and open one with Enter.
 * Loaded apart from the first screen; `CommandPalette` holds its buttons and shortcut.
 */
export const CommandPaletteDialog = () => {
  const { data: me } = useSuspenseQuery(meQueryOptions())
  const navigate = useNavigate()
  const { opened, query, selected } = useSpotlight(paletteStore)
  const q = query.trim()
  const [debounced] = useDebouncedValue(q, 200)
  const canSearch = can(me.user.role, "search.use")
  const search = useQuery({
    ...quickSearchQueryOptions(debounced),
    enabled: opened && canSearch && debounced !== "",
  })

  const areas = useMemo(() => {
    const rows: Array<{ label: string; to: string; icon: ComponentType<IconProps>; run: () => unknown }> =
      navItemsFor(me).map((item) => ({
        label: item.label,
        to: item.to,
        icon: item.icon,
        run: () => navigate({ to: item.to }),
      }))
    const extra = [
      {
        label: "Tickers",
        to: "/tickers",
        action: "tickers.read",
        icon: ChartIcon,
        run: () => navigate({ to: "/tickers" }),
      },
      {
        label: "Search",
        to: "/search",
        action: "search.use",
        icon: SearchIcon,
        run: () => navigate({ to: "/search" }),
      },
      {
        label: "Import reports",
        to: "/reports/import",
        action: "reports.import",
        icon: UploadIcon,
        run: () => navigate({ to: "/reports/import" }),
      },
    ] as const
    for (const row of extra) {
      if (can(me.user.role, row.action) && !rows.some((r) => r.to === row.to)) rows.push(row)
    }
    return rows
  }, [me, navigate])

  const result: SearchResult | undefined = debounced === "" ? undefined : search.data
  const items: ReadonlyArray<PaletteItem> = (() => {
    const out: Array<PaletteItem> = []
    if (q !== "" && canSearch) {
      out.push({
        id: "search-all",
        group: "Search",
        label: (
          <>
            Search everything for <b>“{q}”</b>
          </>
        ),
        text: `Search everything for ${q}`,
        icon: SearchIcon,
        open: () => navigate({ to: "/search", search: { q } }),
      })
    }
    for (const area of areas) {
      if (q === "" || matches(area.label, q)) {
        out.push({
          id: `area-${area.to}`,
          group: "Go to",
          label: area.label,
          text: `Go to ${area.label}`,
          icon: area.icon,
          open: area.run,
        })
      }
    }
    if (result && q !== "") {
      for (const hit of result.reports) {
        out.push({
          id: `report-${hit.report.id}`,
          group: "Reports",
          label: (
            <Highlight runs={hit.title.length > 0 ? hit.title : [{ text: hit.report.title, hit: false }]} />
          ),
          text: hit.report.title,
          description: [hit.report.tickers.join(", "), hit.report.sector].filter((x) => x !== "").join(" · "),
          icon: FileTextIcon,
          badge: hit.report.status === "published" ? undefined : hit.report.status.replace("_", " "),
          open: () => navigate({ to: "/reports/$reportId", params: { reportId: hit.report.id } }),
        })
      }
      for (const ticker of result.tickers) {
        out.push({
          id: `ticker-${ticker.symbol}`,
          group: "Tickers",
          label: (
            <>
              <b>{ticker.symbol}</b> {ticker.name}
            </>
          ),
          text: `${ticker.symbol} ${ticker.name}`,
          description: `${ticker.exchange} · ${ticker.sector}`,
          icon: ChartIcon,
          open: () => navigate({ to: "/tickers", search: { symbol: ticker.symbol } }),
        })
      }
      for (const company of result.companies) {
        out.push({
          id: `company-${company.id}`,
          group: "Companies",
          label: company.name,
          text: company.name,
          description: company.kind === "publisher" ? "Publisher" : "Client",
          icon: areas.find((area) => area.to === "/companies")?.icon ?? ArrowRightIcon,
          open: () => navigate({ to: "/companies/$companyId", params: { companyId: company.id } }),
        })
      }
      for (const user of result.users) {
        out.push({
          id: `user-${user.id}`,
          group: "People",
          label: user.name,
          text: `${user.name} ${user.email}`,
          description: `${user.email} · ${user.company.name}`,
          icon: areas.find((area) => area.to === "/users")?.icon ?? ArrowRightIcon,
          open: () => navigate({ to: "/users/$userId", params: { userId: user.id } }),
        })
      }
    }
    return out
  })()

  // A new list starts at its first row, or at the best report once results arrive. Spotlight resets
  // the selection to the first row a microtask after each keystroke; this runs after it.
  const firstReport = items.findIndex((item) => item.group === "Reports")
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only on open, a new query or new results
  useEffect(() => {
    if (!opened) return
    const target = Math.max(firstReport, 0)
    void Promise.resolve().then(() => select(target))
  }, [opened, query, result])

  useEffect(() => {
    if (selected >= 0) document.getElementById(optionId(selected))?.scrollIntoView({ block: "nearest" })
  }, [selected])

  const searching = search.isFetching && q !== ""
  const waiting = q !== debounced || searching
  const groups: Array<{ name: string; rows: Array<{ item: PaletteItem; index: number }> }> = []
  items.forEach((item, index) => {
    const last = groups.at(-1)
    if (last?.name === item.group) last.rows.push({ item, index })
    else groups.push({ name: item.group, rows: [{ item, index }] })
  })

  return (
    <SpotlightRoot
      store={paletteStore}
      // `CommandPalette` holds the shortcut, so that it works before this has loaded.
      shortcut={null}
      title="Search Folio"
      size="lg"
      radius="lg"
      yOffset="10vh"
      classNames={{ header: classes.visuallyHidden, action: classes.option, actionsGroup: classes.group }}
      transitionProps={{ duration: 120 }}
    >
      <SpotlightSearch
        classNames={{ input: classes.input }}
        placeholder={canSearch ? "Search reports, tickers, people… or jump to" : "Jump to…"}
        onKeyDown={(event) => {
          if (event.ctrlKey && event.key === "Home" && items.length > 0) select(0)
          else if (event.ctrlKey && event.key === "End" && items.length > 0) select(items.length - 1)
          // Spotlight handles ↑ and ↓ after this handler returns.
          else if (event.key === "ArrowDown" || event.key === "ArrowUp")
            void Promise.resolve().then(announceSelection)
        }}
        leftSection={<SearchIcon />}
        rightSection={waiting && q !== "" ? <Loader size="xs" /> : null}
        data-autofocus
        role="combobox"
        aria-label="Search or jump to"
        aria-expanded
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={items[selected] ? optionId(selected) : undefined}
        maxLength={200}
      />
      <SpotlightActionsList id={listId} role="listbox" aria-label="Results" className={classes.list}>
        {groups.map((group) => (
          <SpotlightActionsGroup key={group.name} label={group.name} role="group" aria-label={group.name}>
            {group.rows.map(({ item, index }) => (
              <SpotlightAction
                key={item.id}
                // Spotlight keeps `id` for itself; the option's id is what aria-activedescendant names.
                renderRoot={(props) => <button {...props} id={optionId(index)} />}
                role="option"
                aria-selected={index === selected}
                aria-label={item.text}
                data-selected={index === selected || undefined}
                onMouseMove={() => index !== selected && select(index)}
                onClick={() => void item.open()}
              >
                <item.icon size={18} className={classes.icon} />
                <div className={classes.optionBody}>
                  <Text fz="sm" fw={500} truncate>
                    {item.label}
                  </Text>
                  {item.description && (
                    <Text fz="xs" c="dimmed" truncate>
                      {item.description}
                    </Text>
                  )}
                </div>
                {item.badge && (
                  <Badge size="xs" variant="light" color="gray" radius="sm">
                    {item.badge}
                  </Badge>
                )}
              </SpotlightAction>
            ))}
          </SpotlightActionsGroup>
        ))}
      </SpotlightActionsList>
      {q !== "" &&
        !waiting &&
        result &&
        result.reports.length + result.tickers.length + result.companies.length + result.users.length ===
          0 && (
          <SpotlightEmpty role="status">No reports, tickers, companies or people match “{q}”.</SpotlightEmpty>
        )}
      {search.isError && q !== "" && (
        <SpotlightEmpty role="alert" c="red">
          Search is not available right now.
        </SpotlightEmpty>
      )}
      <SpotlightFooter className={classes.footer}>
        <Group gap="md" justify="space-between">
          <Group gap="md">
            <Text fz="xs" c="dimmed">
              <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> to move
            </Text>
            <Text fz="xs" c="dimmed">
              <Kbd size="xs">↵</Kbd> to open
            </Text>
            <Text fz="xs" c="dimmed" visibleFrom="xs">
              <Kbd size="xs">Esc</Kbd> to close
            </Text>
          </Group>
          {canSearch && (
            <Button
              variant="subtle"
              size="compact-xs"
              onClick={() => {
                palette.close()
                void navigate({ to: "/search", search: q === "" ? {} : { q } })
              }}
            >
              Advanced search
            </Button>
          )}
        </Group>
      </SpotlightFooter>
    </SpotlightRoot>
  )
}
