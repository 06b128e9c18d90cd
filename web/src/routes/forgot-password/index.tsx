import { createFileRoute } from "@tanstack/react-router"
import { ForgotPasswordScreen } from "../-components/ForgotPasswordScreen"
import { optionalEmailParam } from "../-components/searchParams"

/** Asks for a password reset email; the answer is the same whether or not the account exists. */
export const Route = createFileRoute("/forgot-password/")({
  validateSearch: (search: Record<string, unknown>): { readonly email?: string | undefined } => ({
    email: optionalEmailParam(search.email),
  }),
  component: ForgotPasswordRoute,
})

function ForgotPasswordRoute() {
  return <ForgotPasswordScreen email={Route.useSearch().email} />
}
