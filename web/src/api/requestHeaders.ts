import { csrfHeaderName, deploymentHeaderName } from "@folio/core"
import { currentCsrfToken } from "./csrf"
import { consoleDeploymentId } from "./deployment"

/**
 * The headers every console request carries: the console's deployment id, and on a write the
 * session's CSRF token. The typed client adds them to each call (client.ts); requests outside it
 * (readership events, tus uploads, artwork, AI runs) spread them into their own `fetch`.
 */
export const folioHeaders = (write: boolean): Record<string, string> => {
  const headers: Record<string, string> = {}
  if (consoleDeploymentId !== undefined) headers[deploymentHeaderName] = consoleDeploymentId
  const csrf = write ? currentCsrfToken() : null
  if (csrf !== null) headers[csrfHeaderName] = csrf
  return headers
}

/** The server's message from the plain-text or JSON (`{ message }`) body of a refused raw request. */
export const errorTextOf = async (response: Response): Promise<string> => {
  const text = (await response.text()).trim()
  try {
    const body = JSON.parse(text) as { message?: unknown }
    if (typeof body.message === "string" && body.message !== "") return body.message
  } catch {
    // plain text
  }
  return text === "" ? `The server answered ${response.status} ${response.statusText}`.trim() : text
}
