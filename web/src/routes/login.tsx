import { type SsoErrorCode, Unauthorized } from "@folio/core"
import { createFileRoute, redirect } from "@tanstack/react-router"
import { siteStatusQueryOptions } from "../api/config"
import { meQueryOptions } from "../api/session"
import { defaultSignedInPath, safeRedirectTarget } from "../auth/redirectTarget"
import { type LoginNotice, LoginScreen } from "./-components/LoginScreen"
import { optionalEmailParam } from "./-components/searchParams"
import { ssoErrorCodes } from "./-components/ssoErrorCodes"

interface LoginSearch {
  /** Where to go after signing in; only same-origin paths are kept. */
  readonly redirect?: string | undefined
  /** `link`: open the "email me a sign-in link" form. */
  readonly method?: "link" | undefined
  /** Said once above the form, after a password was reset or an invitation accepted. */
  readonly notice?: LoginNotice | undefined
  /** Prefills the email field. */
  readonly email?: string | undefined
  /** Why single sign-on sent the user back (core's ssoErrorTexts). */
  readonly sso_error?: SsoErrorCode | undefined
}

/** Checked again where it is used: the router merges unvalidated parameters back into `search`. */
const targetOf = (search: LoginSearch): string => safeRedirectTarget(search.redirect) ?? defaultSignedInPath

const notices: ReadonlyArray<LoginNotice> = ["password-reset", "invite-accepted"]

export const Route = createFileRoute("/login")({
  validateSearch: (search: Record<string, unknown>): LoginSearch => {
    // An explicit `undefined` overrides the raw parameter, which the router would otherwise keep.
    return {
      redirect: safeRedirectTarget(search.redirect),
      method: search.method === "link" ? "link" : undefined,
      notice: notices.find((notice) => notice === search.notice),
      email: optionalEmailParam(search.email),
      sso_error: ssoErrorCodes.find((code) => code === search.sso_error),
    }
  },
  beforeLoad: async ({ context, search }) => {
    try {
      await context.queryClient.ensureQueryData(meQueryOptions())
    } catch (error) {
      if (error instanceof Unauthorized) return
      throw error
    }
    // Already signed in: nothing to do here.
    throw redirect({ href: targetOf(search), replace: true })
  },
  // Which methods the admins left on; without an answer both are offered (the server still refuses).
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(siteStatusQueryOptions()).catch(() => undefined),
  component: LoginRoute,
})

function LoginRoute() {
  const search = Route.useSearch()
  return (
    <LoginScreen
      // A new notice or method (a link from another screen) starts the form afresh.
      key={`${search.method ?? ""}:${search.notice ?? ""}`}
      redirectTo={targetOf(search)}
      method={search.method}
      notice={search.notice}
      email={search.email}
      ssoError={search.sso_error}
    />
  )
}
