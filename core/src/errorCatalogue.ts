/**
 * The exact texts users see when something goes wrong (PRODUCT.md, "Error catalogue").
 * Shared so the console, the CLI and the tests all use the same words.
 */
export const clientExceptionText = (host: string): string =>
  `Application error: a client-side exception has occurred while loading ${host} (see the browser console for more information).`

export const serverExceptionText = (host: string, digest: string): string =>
  `Application error: a server-side exception has occurred while loading ${host} (see the server logs for more information). Digest: ${digest}.`

export const unexpectedResponseText = "An unexpected response was received from the server."

export const unrecognizedActionText = (method: string, path: string): string =>
  `The server does not recognise the action ${method} ${path}. The console may be out of date: reload the page.`

export const internalErrorMessage = "An unexpected error occurred on the server."
