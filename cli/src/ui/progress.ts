import type { Output } from "./output.js"

/** Below this a spinner would only flicker, and loading Ink would cost more than the wait. */
const spinnerDelayMs = 250

/**
 * Shows a spinner on stderr while `task` runs, but only in a terminal and only once the task has
 * proved slow; piped and `--json` runs get no animation at all.
 */
export const withProgress = async <A>(label: string, task: Promise<A>, out: Output): Promise<A> => {
  if (!out.interactive) return task
  let settled = false
  const done = task.then(
    () => {
      settled = true
    },
    () => {
      settled = true
    },
  )
  let timer: NodeJS.Timeout | undefined
  await Promise.race([done, new Promise<void>((resolve) => (timer = setTimeout(resolve, spinnerDelayMs)))])
  clearTimeout(timer)
  if (settled) return task
  const { showSpinner } = await import("./Spinner.js")
  const stop = showSpinner(label)
  try {
    return await task
  } finally {
    stop()
  }
}
