import { createFileRoute } from "@tanstack/react-router"
import { linkQueryOptions } from "../api/authLinks"
import { SetPasswordScreen } from "./-components/SetPasswordScreen"
import { optionalTokenParam } from "./-components/searchParams"

/** An invitation's link: the invited person sets their first password (GET never uses the link). */
export const Route = createFileRoute("/set-password")({
  validateSearch: (search: Record<string, unknown>): { readonly token?: string | undefined } => ({
    token: optionalTokenParam(search.token),
  }),
  loaderDeps: ({ search }) => ({ token: search.token }),
  loader: ({ context, deps }) =>
    deps.token === undefined
      ? undefined
      : context.queryClient.ensureQueryData(linkQueryOptions("invite", deps.token)),
  component: SetPasswordRoute,
})

function SetPasswordRoute() {
  return <SetPasswordScreen kind="invite" token={Route.useSearch().token} />
}
