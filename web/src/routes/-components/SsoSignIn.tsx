import { type SsoErrorCode, ssoErrorTexts } from "@folio/core"
import { Alert, Button } from "@mantine/core"
import { useQuery } from "@tanstack/react-query"
import type { ReactNode } from "react"
import { ssoConfigQueryOptions, ssoStartHref } from "../../api/sso"
import { AlertIcon, KeyIcon } from "../../components/icons"

/** The single sign-on button, shown only when the server has an identity provider configured. */
export const SsoButton = ({ redirectTo }: { readonly redirectTo: string }): ReactNode => {
  const { data } = useQuery(ssoConfigQueryOptions())
  if (!data?.enabled) return null
  return (
    <Button
      component="a"
      href={ssoStartHref(redirectTo)}
      variant="default"
      fullWidth
      leftSection={<KeyIcon size={16} />}
    >
      {data.label}
    </Button>
  )
}

/** Why the identity provider's sign-in did not let the user in (`/login?sso_error=…`). */
export const SsoError = ({ code }: { readonly code: SsoErrorCode }): ReactNode => (
  <Alert
    color="red"
    variant="light"
    icon={<AlertIcon />}
    role="alert"
    title="Single sign-on did not sign you in"
  >
    {ssoErrorTexts[code]}
  </Alert>
)
