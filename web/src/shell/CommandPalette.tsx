import { can, type SearchResult } from "@folio/core"
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Kbd,
  Loader,
  Modal,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from "@mantine/core"
import { useDebouncedValue, useDisclosure, useHotkeys, useOs } from "@mantine/hooks"
import { useQuery, useSuspenseQuery } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { type ComponentType, type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react"
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
import classes from "./CommandPalette.module.css"
import { navItemsFor } from "./navigation"

interface PaletteItem {
  readonly id: string
  readonly group: string
  readonly label: ReactNode
  /** The accessible name, and what the filter matches for navigation rows. */
  readonly text: string
  readonly description?: string | undefined
  readonly icon: ComponentType<IconProps>
  readonly badge?: string | undefined
  readonly open: () => void
}

const matches = (text: string, query: string): boolean =>
  text.toLowerCase().includes(query.trim().toLowerCase())

/**
 * The Ctrl/Cmd-K palette of every signed-in screen: jump to an area the role may see, or type to
 * search reports, tickers, companies and people (as the server permits) and open one with Enter.
 */
export const CommandPalette = () => {
  const { data: me } = useSuspenseQuery(meQueryOptions())
  const navigate = useNavigate()
  const os = useOs()
  const mod = os === "macos" || os === "ios" ? "⌘" : "Ctrl"
  const [opened, { open, close, toggle }] = useDisclosure(false)
  const [query, setQuery] = useState("")
  const [debounced] = useDebouncedValue(query.trim(), 200)
  const [active, setActive] = useState(0)
  const listId = useId()
  const list = useRef<HTMLDivElement>(null)
  const canSearch = can(me.user.role, "search.use")
  const search = useQuery({
    ...quickSearchQueryOptions(debounced),
    enabled: opened && canSearch && debounced !== "",
  })

  useHotkeys([["mod+K", toggle]], [])

  const go = (action: () => unknown) => () => {
    close()
    setQuery("")
    void action()
  }

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
    const q = query.trim()
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
        open: go(() => navigate({ to: "/search", search: { q } })),
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
          open: go(area.run),
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
          open: go(() => navigate({ to: "/reports/$reportId", params: { reportId: hit.report.id } })),
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
          open: go(() => navigate({ to: "/tickers", search: { symbol: ticker.symbol } })),
        })
      }
      for (const company of result.companies) {
        const Icon = areas.find((area) => area.to === "/companies")?.icon ?? ArrowRightIcon
        out.push({
          id: `company-${company.id}`,
          group: "Companies",
          label: company.name,
          text: company.name,
          description: company.kind === "publisher" ? "Publisher" : "Client",
          icon: Icon,
          open: go(() => navigate({ to: "/companies/$companyId", params: { companyId: company.id } })),
        })
      }
      for (const user of result.users) {
        const Icon = areas.find((area) => area.to === "/users")?.icon ?? ArrowRightIcon
        out.push({
          id: `user-${user.id}`,
          group: "People",
          label: user.name,
          text: `${user.name} ${user.email}`,
          description: `${user.email} · ${user.company.name}`,
          icon: Icon,
          open: go(() => navigate({ to: "/users/$userId", params: { userId: user.id } })),
        })
      }
    }
    return out
  })()

  // A new list starts at its first row, or at the best report once results arrive.
  const firstReport = items.findIndex((item) => item.group === "Reports")
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the query or its results change
  useEffect(() => {
    setActive(Math.max(firstReport, 0))
  }, [query, result])

  useEffect(() => {
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" })
  }, [active])

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (items.length === 0) return
    if (event.key === "ArrowDown") {
      event.preventDefault()
      setActive((index) => (index + 1) % items.length)
    } else if (event.key === "ArrowUp") {
      event.preventDefault()
      setActive((index) => (index - 1 + items.length) % items.length)
    } else if (event.key === "Home" && event.ctrlKey) {
      setActive(0)
    } else if (event.key === "End" && event.ctrlKey) {
      setActive(items.length - 1)
    } else if (event.key === "Enter") {
      event.preventDefault()
      items[active]?.open()
    }
  }

  const searching = search.isFetching && query.trim() !== ""
  const waiting = query.trim() !== debounced || searching
  let lastGroup = ""

  return (
    <>
      <UnstyledButton
        onClick={open}
        className={classes.trigger}
        visibleFrom="sm"
        aria-label="Search and jump (Ctrl+K)"
      >
        <SearchIcon size={16} />
        <Text fz="sm" c="dimmed" span style={{ flex: 1 }}>
          Search…
        </Text>
        <Kbd size="xs">{mod} K</Kbd>
      </UnstyledButton>
      <Tooltip label={`Search (${mod} K)`} withArrow openDelay={400}>
        <ActionIcon
          variant="default"
          size="lg"
          radius="md"
          hiddenFrom="sm"
          aria-label="Search and jump"
          onClick={open}
        >
          <SearchIcon />
        </ActionIcon>
      </Tooltip>
      <Modal
        opened={opened}
        onClose={() => {
          close()
          setQuery("")
        }}
        withCloseButton={false}
        title="Search Folio"
        size="lg"
        padding={0}
        radius="lg"
        yOffset="10vh"
        classNames={{ header: classes.visuallyHidden }}
        transitionProps={{ duration: 120 }}
      >
        <TextInput
          variant="unstyled"
          size="lg"
          classNames={{ input: classes.input }}
          placeholder={canSearch ? "Search reports, tickers, people… or jump to" : "Jump to…"}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          leftSection={<SearchIcon />}
          rightSection={waiting && query.trim() !== "" ? <Loader size="xs" /> : null}
          data-autofocus
          role="combobox"
          aria-label="Search or jump to"
          aria-expanded
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={items[active] ? `${listId}-${active}` : undefined}
          maxLength={200}
        />
        <div className={classes.body}>
          <div ref={list} id={listId} role="listbox" aria-label="Results" className={classes.list}>
            {items.map((item, index) => {
              const header = item.group !== lastGroup ? item.group : null
              lastGroup = item.group
              return (
                <div key={item.id}>
                  {header && (
                    <Text className={classes.group} aria-hidden="true">
                      {header}
                    </Text>
                  )}
                  {/* biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input drives the keyboard (aria-activedescendant) */}
                  <div
                    id={`${listId}-${index}`}
                    data-index={index}
                    role="option"
                    aria-selected={index === active}
                    aria-label={item.text}
                    tabIndex={-1}
                    className={classes.option}
                    data-active={index === active || undefined}
                    onMouseMove={() => index !== active && setActive(index)}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={item.open}
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
                  </div>
                </div>
              )
            })}
          </div>
          {query.trim() !== "" &&
            !waiting &&
            result &&
            result.reports.length + result.tickers.length + result.companies.length + result.users.length ===
              0 && (
              <Text c="dimmed" fz="sm" px="lg" py="md" role="status">
                No reports, tickers, companies or people match “{query.trim()}”.
              </Text>
            )}
          {search.isError && query.trim() !== "" && (
            <Text c="red" fz="sm" px="lg" py="md" role="alert">
              Search is not available right now.
            </Text>
          )}
        </div>
        <Group className={classes.footer} gap="md" justify="space-between">
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
              onClick={go(() =>
                navigate({ to: "/search", search: query.trim() === "" ? {} : { q: query.trim() } }),
              )}
            >
              Advanced search
            </Button>
          )}
        </Group>
      </Modal>
    </>
  )
}
