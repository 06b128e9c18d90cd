import { type ComponentType, useEffect, useRef, useState } from "react"
import { useFirstScreenShown } from "../routing/firstScreen"

const focusable = "input:not([type=hidden]), button, textarea, select, [tabindex]:not([tabindex='-1'])"

/**
 * A component whose code loads after the first screen (routing/firstScreen.ts). Until it has
 * loaded, `Placeholder` stands in with the same props: it should take the same room and look the
 * same, and mark itself `aria-disabled` if it cannot yet be used. A person who focused or clicked
 * the placeholder meanwhile finds the focus, and the click, on the real component once it is in.
 */
export const deferred = <Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  Placeholder: ComponentType<Props>,
): ComponentType<Props> => {
  let loaded: ComponentType<Props> | undefined
  let loading: Promise<ComponentType<Props>> | undefined
  const start = () => {
    loading ??= load().then(
      (component) => {
        loaded = component
        return component
      },
      (error: unknown) => {
        // Tried again by the next one to mount; the placeholder stays meanwhile.
        loading = undefined
        throw error
      },
    )
    return loading
  }

  const Deferred = (props: Props) => {
    const shown = useFirstScreenShown()
    const [Component, setComponent] = useState<ComponentType<Props> | undefined>(() => loaded)
    const box = useRef<HTMLSpanElement>(null)
    const carried = useRef<{ readonly click: boolean } | null>(null)

    useEffect(() => {
      if (Component !== undefined || !shown) return
      let live = true
      start().then(
        (component) => {
          if (!live) return
          // Carried over only while the person is still there: focus on the placeholder.
          const focused = box.current?.contains(document.activeElement) === true
          carried.current = focused ? { click: carried.current?.click === true } : null
          setComponent(() => component)
        },
        (error: unknown) => console.warn("Folio: a part of the page did not load", error),
      )
      return () => {
        live = false
      }
    }, [shown, Component])

    useEffect(() => {
      const moved = carried.current
      if (Component === undefined || moved === null) return
      carried.current = null
      const target = box.current?.querySelector<HTMLElement>(focusable)
      target?.focus()
      if (moved.click) target?.click()
    }, [Component])

    if (Component !== undefined) {
      return (
        <span ref={box} style={{ display: "contents" }}>
          <Component {...props} />
        </span>
      )
    }
    return (
      <span
        ref={box}
        style={{ display: "contents" }}
        onClickCapture={() => {
          carried.current = { click: true }
        }}
      >
        <Placeholder {...props} />
      </span>
    )
  }
  Deferred.displayName = `Deferred(${Placeholder.displayName ?? Placeholder.name})`
  return Deferred
}
