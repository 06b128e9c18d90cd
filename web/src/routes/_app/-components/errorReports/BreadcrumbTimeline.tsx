import type { Breadcrumb } from "@folio/core"
import { Badge, Button, Group, Stack, Text } from "@mantine/core"
import { useState } from "react"
import classes from "./BreadcrumbTimeline.module.css"
import { withoutOwnOrigin } from "./format"

const shownAtFirst = 20

const time = new Intl.DateTimeFormat(undefined, {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  fractionalSecondDigits: 3,
  hour12: false,
})

const levelColor = (level: string | null): string =>
  level === "error" || level === "fatal" ? "red" : level === "warning" ? "orange" : "gray"

const text = (value: unknown): string | undefined =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined

/** What a breadcrumb says in one line: its message, or the gist of its data (a request, a navigation). */
export const breadcrumbSummary = (crumb: Breadcrumb): string => withoutOwnOrigin(summary(crumb))

const summary = (crumb: Breadcrumb): string => {
  if (crumb.message !== null && crumb.message !== "") return crumb.message
  const data = crumb.data ?? {}
  const from = text(data.from)
  const to = text(data.to)
  if (from !== undefined || to !== undefined) return `${from ?? "?"} → ${to ?? "?"}`
  const url = text(data.url)
  if (url !== undefined) {
    const method = text(data.method)
    const status = text(data.status_code)
    return [method, url, status === undefined ? undefined : `→ ${status}`].filter(Boolean).join(" ")
  }
  const entries = Object.entries(data)
  return entries.length === 0 ? "" : JSON.stringify(data)
}

/**
 * What happened before the error, oldest first and the error's moment last: navigations,
 * requests, clicks and console messages (at most 100, kept by the SDK).
 */
export const BreadcrumbTimeline = ({ breadcrumbs }: { readonly breadcrumbs: ReadonlyArray<Breadcrumb> }) => {
  const [all, setAll] = useState(false)
  if (breadcrumbs.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        No breadcrumbs were recorded before this error.
      </Text>
    )
  }
  const hidden = all ? 0 : Math.max(0, breadcrumbs.length - shownAtFirst)
  const shown = breadcrumbs.slice(hidden)
  return (
    <Stack gap="sm">
      {hidden > 0 && (
        <Button variant="subtle" size="xs" onClick={() => setAll(true)} style={{ alignSelf: "flex-start" }}>
          Show {hidden} earlier {hidden === 1 ? "breadcrumb" : "breadcrumbs"}
        </Button>
      )}
      <ol className={classes.timeline} aria-label="Breadcrumbs, oldest first">
        {shown.map((crumb, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: breadcrumbs have no id; their order is their identity
          <li key={hidden + index} className={classes.item} data-level={crumb.level ?? undefined}>
            <Group gap="xs" wrap="wrap" align="baseline">
              {crumb.timestamp !== null && (
                <Text
                  component="time"
                  dateTime={crumb.timestamp.toISOString()}
                  ff="monospace"
                  fz="xs"
                  c="dimmed"
                >
                  {time.format(crumb.timestamp)}
                </Text>
              )}
              <Badge size="sm" variant="light" radius="sm" color={levelColor(crumb.level)}>
                {crumb.category ?? crumb.type ?? "default"}
              </Badge>
            </Group>
            <Text fz="sm" ff="monospace" className={classes.message}>
              {breadcrumbSummary(crumb)}
            </Text>
          </li>
        ))}
      </ol>
    </Stack>
  )
}
