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

let serverDeploymentId: string | undefined

/** Called with every API response: the server names its deployment in the same header the console sends. */
export const noteServerDeployment = (headers: Readonly<Record<string, string | undefined>>): void => {
  const id = headers[deploymentHeaderName]
  if (id !== undefined && id !== "") serverDeploymentId = id
}

/**
 * True when the server now runs another deployment than the one that served this bundle: its
 * route chunks may be gone, so the next navigation must be a full page load (PRODUCT.md, "Deployment skew").
 */
export const isDeploymentSkewed = (): boolean =>
  consoleDeploymentId !== undefined &&
  serverDeploymentId !== undefined &&
  serverDeploymentId !== consoleDeploymentId
