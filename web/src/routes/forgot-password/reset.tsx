import { createFileRoute } from "@tanstack/react-router"
import { linkQueryOptions } from "../../api/authLinks"
import { SetPasswordScreen } from "../-components/SetPasswordScreen"
import { optionalTokenParam } from "../-components/searchParams"

/** A password reset link: choose a new password (GET never uses the link; the POST does). */
export const Route = createFileRoute("/forgot-password/reset")({
  validateSearch: (search: Record<string, unknown>): { readonly token?: string | undefined } => ({
    token: optionalTokenParam(search.token),
  }),
  loaderDeps: ({ search }) => ({ token: search.token }),
  loader: ({ context, deps }) =>
    deps.token === undefined
      ? undefined
      : context.queryClient.ensureQueryData(linkQueryOptions("reset", deps.token)),
  component: ResetPasswordRoute,
})

function ResetPasswordRoute() {
  return <SetPasswordScreen kind="reset" token={Route.useSearch().token} />
}
