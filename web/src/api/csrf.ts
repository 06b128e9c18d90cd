import { csrfCookieName } from "@folio/core"

let lastKnownToken: string | null = null

/** GET /api/session also returns the token; remembered in case the cookie is not readable. */
export const rememberCsrfToken = (token: string | null): void => {
  lastKnownToken = token
}

export const currentCsrfToken = (): string | null => {
  for (const part of document.cookie.split(";")) {
    const separator = part.indexOf("=")
    if (separator === -1) continue
    if (part.slice(0, separator).trim() === csrfCookieName) {
      const value = part.slice(separator + 1).trim()
      try {
        return decodeURIComponent(value)
      } catch {
        return value
      }
    }
  }
  return lastKnownToken
}
