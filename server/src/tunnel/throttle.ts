import { isIP } from "node:net"

/** What the throttle says of one request: go ahead, or wait this many seconds. */
export type ThrottleVerdict =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfterSeconds: number; readonly firstRefusal: boolean }

const windowMs = 60_000

/** Groups of an IPv6 address in full (8), `::` expanded; a dotted IPv4 tail counts as two. */
const ipv6Groups = (address: string): ReadonlyArray<string> => {
  const [head = "", tail] = (address.split("%", 1)[0] ?? "").toLowerCase().split("::")
  const part = (text: string | undefined) => (text === undefined || text === "" ? [] : text.split(":"))
  const width = (groups: ReadonlyArray<string>) =>
    groups.reduce((sum, group) => sum + (group.includes(".") ? 2 : 1), 0)
  const left = part(head)
  const right = part(tail)
  if (tail === undefined) return left
  return [...left, ...Array<string>(Math.max(0, 8 - width(left) - width(right))).fill("0"), ...right]
}

/**
 * Whom a request is counted against: an IPv4 address (also when written IPv4-mapped, as
 * `::ffff:203.0.113.7`), or an IPv6 address's /64 network, which is what one subscriber gets.
 */
export const throttleKeyOf = (address: string): string => {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (mapped?.[1]) return mapped[1]
  if (isIP(address) !== 6) return address
  const prefix = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
  return `${prefix.join(":")}::/64`
}

export interface ThrottleOptions {
  /** Requests per address (or IPv6 /64) in one clock minute. */
  readonly perMinute: number
  /** Past this many addresses in one minute, the newcomers share one count. */
  readonly maxAddresses?: number
  readonly now?: () => number
}

/**
 * At most `perMinute` tunnel requests per client in each clock minute, counted in this instance's
 * memory: a refusal must cost less than the envelope it refuses, so no database round trip. The
 * address is the client's, after `FOLIO_TRUSTED_PROXIES`. A new minute starts a new map (the old
 * one is dropped whole, so no request ever walks the counts), and the map holds at most
 * `maxAddresses` entries: a flood from very many addresses shares one count beyond that.
 */
export const makeTunnelThrottle = ({
  perMinute,
  maxAddresses = 100_000,
  now = Date.now,
}: ThrottleOptions) => {
  let windowStart = Number.NEGATIVE_INFINITY
  let counts = new Map<string, { count: number; refused: boolean }>()

  return (address: string): ThrottleVerdict => {
    const at = now()
    const start = at - (at % windowMs)
    if (start !== windowStart) {
      windowStart = start
      counts = new Map()
    }
    let key = throttleKeyOf(address)
    if (!counts.has(key) && counts.size >= maxAddresses) key = "(beyond the address limit)"
    let entry = counts.get(key)
    if (entry === undefined) {
      entry = { count: 0, refused: false }
      counts.set(key, entry)
    }
    if (entry.count < perMinute) {
      entry.count++
      return { allowed: true }
    }
    const firstRefusal = !entry.refused
    entry.refused = true
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - at) / 1000)),
      firstRefusal,
    }
  }
}
