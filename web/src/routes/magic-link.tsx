import { createFileRoute } from "@tanstack/react-router"
import { linkQueryOptions } from "../api/authLinks"
import { safeRedirectTarget } from "../auth/redirectTarget"
import { MagicLinkScreen } from "./-components/MagicLinkScreen"
import { optionalTokenParam } from "./-components/searchParams"

interface MagicLinkSearch {
  readonly token?: string | undefined
  /** Where to go once signed in; only same-origin paths are kept. */
  readonly redirect?: string | undefined
}

/**
 * Opening a sign-in link only looks at it (mail scanners open every link): the token is used
 * up by the Continue button's POST. Without a token: "check your email" and the code form.
 */
export const Route = createFileRoute("/magic-link")({
  validateSearch: (search: Record<string, unknown>): MagicLinkSearch => ({
    token: optionalTokenParam(search.token),
    redirect: safeRedirectTarget(search.redirect),
  }),
  loaderDeps: ({ search }) => ({ token: search.token }),
  loader: ({ context, deps }) =>
    deps.token === undefined
      ? undefined
      : context.queryClient.ensureQueryData(linkQueryOptions("magic_link", deps.token)),
  component: MagicLinkRoute,
})

function MagicLinkRoute() {
  const search = Route.useSearch()
  return <MagicLinkScreen token={search.token} redirectTo={safeRedirectTarget(search.redirect)} />
}
