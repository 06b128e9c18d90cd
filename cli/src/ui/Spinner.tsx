import { Spinner } from "@inkjs/ui"
import { render } from "ink"

/** Mounts a spinner on stderr; the returned function erases it. */
export const showSpinner = (label: string): (() => void) => {
  const instance = render(<Spinner label={label} />, {
    stdout: process.stderr,
    patchConsole: false,
    exitOnCtrlC: false,
  })
  return () => {
    instance.clear()
    instance.unmount()
  }
}
