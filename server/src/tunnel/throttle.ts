/** What the throttle says of one request: go ahead, or wait this many seconds. */
export type ThrottleVerdict =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfterSeconds: number; readonly firstRefusal: boolean }

const windowMs = 60_000
/** Past this many addresses, windows that have ended are swept before a new one is opened. */
const sweepAbove = 10_000

/**
 * At most `perMinute` tunnel requests per client address in a fixed one-minute window, counted in
 * this instance's memory: a refusal must cost less than the envelope it refuses, so no database
 * round trip. The address is the client's, after `FOLIO_TRUSTED_PROXIES`.
 */
export const makeTunnelThrottle = (perMinute: number, now: () => number = Date.now) => {
  const windows = new Map<string, { start: number; count: number; refused: boolean }>()

  return (address: string): ThrottleVerdict => {
    const at = now()
    let window = windows.get(address)
    if (window === undefined || at - window.start >= windowMs) {
      if (windows.size >= sweepAbove) {
        for (const [key, open] of windows) if (at - open.start >= windowMs) windows.delete(key)
      }
      window = { start: at, count: 0, refused: false }
      windows.set(address, window)
    }
    if (window.count < perMinute) {
      window.count++
      return { allowed: true }
    }
    const firstRefusal = !window.refused
    window.refused = true
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - at) / 1000)),
      firstRefusal,
    }
  }
}
