import { Anchor, Stack, Text, Title } from "@mantine/core"
import { useQuery } from "@tanstack/react-query"
import { siteStatusQueryOptions } from "../../api/config"
import { AuthLayout } from "./AuthLayout"
import { SsoButton } from "./SsoSignIn"

export interface SignInMethods {
  readonly password: boolean
  readonly magicLink: boolean
}

/**
 * The sign-in methods the admins left on (`auth.password.enabled`, `auth.magicLink.enabled`).
 * Until the site status answers, or if it cannot, both are offered: the server refuses what is off.
 */
export const useSignInMethods = (): SignInMethods => {
  const { data } = useQuery(siteStatusQueryOptions())
  return data?.signIn ?? { password: true, magicLink: true }
}

/**
 * With password sign-in off, admins still sign in with a password (so an installation never
 * locks itself out): the form stays one click away for them.
 */
export const AdminPasswordLink = ({ onClick }: { readonly onClick: () => void }) => (
  <Text c="dimmed" fz="sm" ta="center">
    Password sign-in is for admins only.{" "}
    <Anchor component="button" type="button" fz="sm" onClick={onClick}>
      Sign in with a password as an admin
    </Anchor>
  </Text>
)

/** Neither password nor link sign-in is on: single sign-on, or an admin's password. */
export const SsoOnlySignIn = ({
  redirectTo,
  onAdminPassword,
}: {
  readonly redirectTo: string
  readonly onAdminPassword: () => void
}) => (
  <AuthLayout>
    <Stack gap="md">
      <div>
        <Title order={1} fz="h2">
          Sign in
        </Title>
        <Text c="dimmed" fz="sm" mt={4}>
          Sign in with your organisation's single sign-on.
        </Text>
      </div>
      <SsoButton redirectTo={redirectTo} />
      <AdminPasswordLink onClick={onAdminPassword} />
    </Stack>
  </AuthLayout>
)
