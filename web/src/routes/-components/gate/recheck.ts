import { useState } from "react"

/** How often a gate screen asks the API again whether it may let the person back in. */
export const recheckMs = 5_000

/**
 * The "Try again" button's state: busy only while the person's own check runs, not during the
 * automatic ones, so the button does not flicker every few seconds.
 */
export const useRecheck = (refetch: () => Promise<unknown>) => {
  const [checking, setChecking] = useState(false)
  const recheck = () => {
    setChecking(true)
    void refetch().finally(() => setChecking(false))
  }
  return { checking, recheck }
}
