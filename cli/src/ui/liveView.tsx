import { Box, render } from "ink"
import { type ComponentType, useEffect, useState } from "react"
import type { Output } from "./output.js"

/**
 * Mounts a live view (a progress bar) on stderr; `update` redraws it with a new state, `close`
 * erases it. Ink 6 draws the last frame again when it unmounts, after any clear(), which left the
 * bar's last state on screen: so the frame is made empty first, unmounting erases the bar and
 * writes that empty frame (one line break), and the cursor goes back up over it.
 */
export const mountLiveView = <S,>(
  View: ComponentType<{ readonly state: S; readonly columns: number }>,
  state: S,
  out: Output,
): { readonly update: (state: S) => void; readonly close: () => void } => {
  const columns = process.stderr.columns ?? out.columns
  const instance = render(<View state={state} columns={columns} />, {
    stdout: process.stderr,
    patchConsole: false,
    exitOnCtrlC: false,
  })
  return {
    update: (next) => instance.rerender(<View state={next} columns={columns} />),
    close: () => {
      instance.rerender(<Box />)
      instance.unmount()
      process.stderr.write("\u001b[1A\u001b[2K\r")
    },
  }
}

/** Re-renders every half second so a bar's rate and ETA move while a request is in flight. */
export const useNow = (): number => {
  const [now, setNow] = useState(() => performance.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 500)
    return () => clearInterval(timer)
  }, [])
  return now
}
