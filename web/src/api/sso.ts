import { queryOptions } from "@tanstack/react-query"
import { callApi } from "./client"

/** Whether the server offers single sign-on, and the label of its button. */
export const ssoConfigQueryOptions = () =>
  queryOptions({
    queryKey: ["sso", "config"] as const,
    queryFn: () => callApi((client) => client.auth.ssoConfig()),
    staleTime: 5 * 60_000,
  })

/** A full-page navigation: the identity provider's pages are not part of the console. */
export const ssoStartHref = (redirectTo: string): string =>
  `/api/auth/sso/start?redirect=${encodeURIComponent(redirectTo)}`
