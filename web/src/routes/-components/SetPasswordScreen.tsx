import type { LinkInfo } from "@folio/core"
import { Stack, Text, Title } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { acceptInvite, authLinkKeys, linkQueryOptions, resetPassword } from "../../api/authLinks"
import { AuthLayout } from "./AuthLayout"
import { DeadLinkScreen, expiresIn } from "./LinkStates"
import { SetPasswordForm } from "./SetPasswordForm"

type Kind = "reset" | "invite"

const deadLink = {
  reset: {
    title: "This reset link cannot be used",
    action: { label: "Request a new reset link", to: "/forgot-password" },
  },
  invite: {
    title: "This invitation cannot be used",
    action: { label: "Go to sign in", to: "/login" },
  },
} as const

const incompleteText = "This link is incomplete. Open it again from the email."

const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? name

/** `/forgot-password/reset` and `/set-password`: one form, two purposes. */
export const SetPasswordScreen = ({
  kind,
  token,
}: {
  readonly kind: Kind
  readonly token: string | undefined
}) => {
  if (token === undefined) return <DeadLink kind={kind} message={incompleteText} />
  return <WithToken kind={kind} token={token} />
}

const DeadLink = ({ kind, message }: { readonly kind: Kind; readonly message: string }) => {
  useDocumentTitle("Link expired · Folio")
  return <DeadLinkScreen title={deadLink[kind].title} message={message} action={deadLink[kind].action} />
}

const WithToken = ({ kind, token }: { readonly kind: Kind; readonly token: string }) => {
  const { data: link } = useSuspenseQuery(linkQueryOptions(kind, token))
  if (link.status === "unusable") return <DeadLink kind={kind} message={link.message} />
  return <Ready kind={kind} token={token} info={link.info} />
}

const Ready = ({
  kind,
  token,
  info,
}: {
  readonly kind: Kind
  readonly token: string
  readonly info: LinkInfo
}) => {
  useDocumentTitle(kind === "invite" ? "Set your password · Folio" : "Reset password · Folio")
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return (
    <AuthLayout
      footer={
        <Text c="dimmed" fz="xs" ta="center">
          {kind === "invite"
            ? `This invitation expires in ${expiresIn(info.expiresAt)}.`
            : `This link works once and expires in ${expiresIn(info.expiresAt)}.`}
        </Text>
      }
    >
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            {kind === "invite" ? `Welcome to Folio, ${firstName(info.name)}` : "Choose a new password"}
          </Title>
          <Text c="dimmed" fz="sm" mt={4}>
            {kind === "invite" ? (
              <>
                Set a password for <strong>{info.email}</strong> to finish setting up your account.
              </>
            ) : (
              <>
                For <strong>{info.email}</strong>. Saving it signs you out on every device.
              </>
            )}
          </Text>
        </div>
        <SetPasswordForm
          info={info}
          submitLabel={kind === "invite" ? "Set password" : "Save new password"}
          save={(password) =>
            kind === "invite" ? acceptInvite({ token, password }) : resetPassword({ token, password })
          }
          onSaved={async () => {
            // Every session ended (reset) or none existed (invite): nothing cached is valid now.
            queryClient.clear()
            await navigate({
              to: "/login",
              search: { notice: kind === "invite" ? "invite-accepted" : "password-reset", email: info.email },
              replace: true,
            })
          }}
          onLinkDead={() => queryClient.invalidateQueries({ queryKey: authLinkKeys.link(kind, token) })}
        />
      </Stack>
    </AuthLayout>
  )
}
