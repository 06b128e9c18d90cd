import { ActionIcon, Kbd, Text, UnstyledButton } from "@mantine/core"
import { useHotkeys, useOs } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useSpotlight } from "@mantine/spotlight"
import { type ComponentType, useEffect, useState } from "react"
import { SearchIcon } from "../components/icons"
import { useFirstScreenShown } from "../routing/firstScreen"
import classes from "./CommandPalette.module.css"
import { palette, paletteStore } from "./paletteStore"

type Dialog = ComponentType
let loading: Promise<Dialog> | undefined
/** The palette's own chunk (Spotlight and the search rows), fetched once; a failed fetch is retried next time. */
const loadDialog = (): Promise<Dialog> => {
  loading ??= import("./CommandPaletteDialog").then(
    (module) => module.CommandPaletteDialog,
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/**
 * The header's way into the Ctrl/Cmd-K palette of every signed-in screen: the buttons and the
 * shortcut. The palette itself loads when the browser is idle after the first screen, or on the
 * first open if sooner.
 */
export const CommandPalette = () => {
  const os = useOs()
  const mod = os === "macos" || os === "ios" ? "⌘" : "Ctrl"
  const { opened } = useSpotlight(paletteStore)
  const [idle, setIdle] = useState(false)
  const [Dialog, setDialog] = useState<Dialog | null>(null)

  // Typing fields included: Ctrl/Cmd-K means the palette everywhere in the console.
  useHotkeys([["mod+K", palette.toggle]], [])

  // Idle after the first screen: an idle moment while that screen waits for its data is not one.
  const shown = useFirstScreenShown()
  useEffect(() => {
    if (!shown) return
    const ready = () => setIdle(true)
    if (window.requestIdleCallback === undefined) {
      const timer = window.setTimeout(ready, 2000)
      return () => window.clearTimeout(timer)
    }
    const handle = window.requestIdleCallback(ready, { timeout: 4000 })
    return () => window.cancelIdleCallback(handle)
  }, [shown])

  useEffect(() => {
    if (Dialog !== null || !(opened || idle)) return
    let live = true
    loadDialog().then(
      (component) => live && setDialog(() => component),
      () => {
        if (!live || !paletteStore.getState().opened) return
        palette.close()
        notifications.show({
          color: "red",
          title: "Search could not be opened",
          message: "Its code did not load. Try again, or reload the page.",
        })
      },
    )
    return () => {
      live = false
    }
  }, [opened, idle, Dialog])

  return (
    <>
      <UnstyledButton
        onClick={palette.open}
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
      {/* Phones only: no hover there for a tooltip, and no keyboard for its shortcut. */}
      <ActionIcon
        variant="default"
        size="lg"
        radius="md"
        hiddenFrom="sm"
        aria-label="Search and jump"
        onClick={palette.open}
      >
        <SearchIcon />
      </ActionIcon>
      {Dialog && <Dialog />}
    </>
  )
}
