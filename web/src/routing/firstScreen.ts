import type { AnyRouter } from "@tanstack/react-router"
import { useSyncExternalStore } from "react"

/**
 * The first screen: the moment the router has rendered the page the person opened. What that
 * screen can do without (error monitoring, menus, comboboxes, tooltips, dialogs, toasts) loads
 * after it, so it is not in the first load's JavaScript (docs/performance.md, "First load").
 */

/** The performance mark set when the first screen has rendered; the first-load test reads it. */
export const firstScreenMark = "folio:first-screen"

let shown = false
const waiting = new Set<() => void>()

const markShown = (): void => {
  if (shown) return
  shown = true
  performance.mark(firstScreenMark)
  for (const then of [...waiting]) then()
  waiting.clear()
}

/** Sets the mark once the router has rendered its first screen. */
export const watchFirstScreen = (router: AnyRouter): void => {
  const unsubscribe = router.subscribe("onRendered", () => {
    unsubscribe()
    markShown()
  })
}

/** Runs `then` once the first screen is shown (at once if it is). Returns a function that cancels it. */
export const onFirstScreen = (then: () => void): (() => void) => {
  if (shown) {
    then()
    return () => undefined
  }
  waiting.add(then)
  return () => {
    waiting.delete(then)
  }
}

const isShown = () => shown

/** Whether the first screen has been shown, re-rendering when it is. */
export const useFirstScreenShown = (): boolean => useSyncExternalStore(onFirstScreen, isShown, isShown)
