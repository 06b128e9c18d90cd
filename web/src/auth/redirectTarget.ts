/** Where a successful sign-in goes when no (acceptable) `?redirect=` was given. */
export const defaultSignedInPath = "/dashboard"

const authPaths = ["/login", "/sign-out", "/magic-link", "/forgot-password", "/set-password"]

/**
 * Accepts a `?redirect=` value only when it is a path on this origin: it must start with exactly
 * one "/" (so not `//evil.example` nor `/\evil.example`, which browsers treat as another host) and
 * contain no control characters. Returns the normalised path, or undefined to ignore it.
 */
export const safeRedirectTarget = (
  value: unknown,
  origin: string = window.location.origin,
): string | undefined => {
  if (typeof value !== "string" || value.length > 2048) return undefined
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return undefined
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined
  let url: URL
  try {
    url = new URL(value, origin)
  } catch {
    return undefined
  }
  if (url.origin !== origin) return undefined
  if (authPaths.some((path) => url.pathname === path || url.pathname.startsWith(`${path}/`))) return undefined
  return `${url.pathname}${url.search}${url.hash}`
}
