/**
 * Leaves the single-page app: the browser loads `href` from the server, with the current
 * deployment's index.html and chunks. Returns a promise that never settles, so a route's
 * `beforeLoad` can hand it back and the router waits for the page to go away.
 */
export const fullPageLoad = (href: string): Promise<never> => {
  window.location.assign(href)
  return new Promise<never>(() => {})
}
