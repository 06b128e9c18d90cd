import { apiPrefix } from "@folio/core"
import type { Option } from "effect"

/** Requests that start a session from credentials, a link or a code: the targets of login CSRF. */
const isSignIn = (path: string): boolean =>
  path === `${apiPrefix}/session` || path.startsWith(`${apiPrefix}/auth/`)

const originOf = (value: string): string | undefined => {
  try {
    return new URL(value).origin
  } catch {
    return undefined
  }
}

/**
 * Why a sign-in request is refused as coming from another site, or undefined. Browsers send
 * `Sec-Fetch-Site` (all current ones) and `Origin` on a POST; a request from our own pages says
 * `same-origin`, a typed address or bookmark `none`. The CLI sends neither and is not a browser,
 * so it has no cookies a foreign page could ride on. The console's own origin is PUBLIC_URL's, else
 * the Host the request was sent to.
 */
export const crossSiteSignIn = (
  path: string,
  headers: Readonly<Record<string, string | undefined>>,
  publicUrl: Option.Option<URL>,
): string | undefined => {
  if (!isSignIn(path)) return undefined
  const refused = "Signing in from another site is refused: open the sign-in page of this server."
  const fetchSite = headers["sec-fetch-site"]
  if (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none") return refused
  const origin = headers.origin
  if (origin === undefined) return undefined
  const from = originOf(origin)
  if (from === undefined) return refused
  if (publicUrl._tag === "Some" && from === publicUrl.value.origin) return undefined
  const host = headers.host
  if (host !== undefined && (from === `http://${host}` || from === `https://${host}`)) return undefined
  return refused
}
