import { deploymentHeaderName } from "@folio/core"

const placeholder = "__FOLIO_DEPLOYMENT_ID__"

/**
 * The deployment this console bundle belongs to. The server writes it into index.html when it
 * serves the page; the Vite dev server leaves the placeholder, and then there is no id to send.
 */
export const consoleDeploymentId: string | undefined = (() => {
  const content = document.querySelector<HTMLMetaElement>('meta[name="folio-deployment"]')?.content.trim()
  return content === undefined || content === "" || content === placeholder ? undefined : content
})()

/** How long an answer from the server vouches for its deployment before a navigation asks again. */
export const deploymentFreshMs = 5_000
/** A check that gets no answer this fast lets the navigation go on (a slow network is not a new deployment). */
const checkTimeoutMs = 2_000

// The page itself just came from the server, so it vouches for the console's own deployment.
let serverDeploymentId: string | undefined = consoleDeploymentId
let heardAt = Date.now()
let inFlight: Promise<void> | undefined

type HeaderSource = Readonly<Record<string, string | undefined>> | Headers

/** Called with every API response: the server names its deployment in the same header the console sends. */
export const noteServerDeployment = (headers: HeaderSource): void => {
  const id = headers instanceof Headers ? headers.get(deploymentHeaderName) : headers[deploymentHeaderName]
  if (id === undefined || id === null || id === "") return
  serverDeploymentId = id
  heardAt = Date.now()
}

/**
 * True when the server now runs another deployment than the one that served this bundle: its
 * route chunks may be gone, so the next navigation must be a full page load (PRODUCT.md, "Deployment skew").
 */
export const isDeploymentSkewed = (): boolean =>
  consoleDeploymentId !== undefined &&
  serverDeploymentId !== undefined &&
  serverDeploymentId !== consoleDeploymentId

/**
 * Asks the server which deployment it runs, unless an answer arrived in the last few seconds. A
 * screen that makes no API call (or a restart between two clicks) would otherwise leave the
 * console trusting a deployment that is gone. Every response names the deployment, so a HEAD
 * of the health endpoint is enough; failures are ignored (the next answer will tell).
 */
export const refreshServerDeployment = (now: number = Date.now()): Promise<void> => {
  if (consoleDeploymentId === undefined || now - heardAt < deploymentFreshMs) return Promise.resolve()
  inFlight ??= fetch("/api/health", {
    method: "HEAD",
    cache: "no-store",
    credentials: "same-origin",
    signal: AbortSignal.timeout(checkTimeoutMs),
  })
    .then((response) => noteServerDeployment(response.headers))
    .catch(() => {})
    .finally(() => {
      inFlight = undefined
    })
  return inFlight
}

/** Whether the navigation about to happen must be a full page load: asks the server first if need be. */
export const deploymentSkewedNow = async (): Promise<boolean> => {
  await refreshServerDeployment()
  return isDeploymentSkewed()
}
