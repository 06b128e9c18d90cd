import { ConfigMissing, MaintenanceMode, type Me } from "@folio/core"
import { redirect } from "@tanstack/react-router"
import { safeRedirectTarget } from "../auth/redirectTarget"

/**
 * The two screens the whole console gives way to: maintenance (non-admins, while it is on) and
 * missing configuration (everyone, while this server has no snapshot of its store). The API says
 * so with a 503 on every call, so any failed call, wherever it happens, can send the console there.
 */
export type GatePath = "/maintenance" | "/missing-edge-config"

const gatePaths: ReadonlyArray<string> = ["/maintenance", "/missing-edge-config"]

export const isGatePath = (pathname: string): boolean => gatePaths.includes(pathname)

/** The screen an API failure calls for, or undefined for any other failure. */
export const gatePathOf = (error: unknown): GatePath | undefined => {
  if (error instanceof ConfigMissing) return "/missing-edge-config"
  if (error instanceof MaintenanceMode) return "/maintenance"
  return undefined
}

/** Admins keep working during maintenance (the server lets them through, with a banner here). */
export const worksDuringMaintenance = (me: Pick<Me, "user">): boolean => me.user.role === "admin"

export interface GateSearch {
  /** Where to go back to once the API answers again. */
  readonly from?: string | undefined
}

/** `?from=`: a path on this console, never one of the gate screens themselves. */
export const validateGateSearch = (
  search: Record<string, unknown>,
  origin: string = window.location.origin,
): GateSearch => {
  const from = safeRedirectTarget(search.from, origin)
  return { from: from === undefined || isGatePath(new URL(from, origin).pathname) ? undefined : from }
}

/** For a route's `beforeLoad`: a gate failure becomes a redirect to its screen, remembering `href`. */
export const redirectIfGated = (error: unknown, href: string): void => {
  const to = gatePathOf(error)
  if (to !== undefined) throw redirect({ to, search: { from: href }, replace: true })
}
