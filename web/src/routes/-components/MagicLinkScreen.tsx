import type { LinkInfo } from "@folio/core"
import { Alert, Anchor, Avatar, Button, Group, Paper, Stack, Text, Title } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { authLinkKeys, consumeMagicLink, linkQueryOptions } from "../../api/authLinks"
import { defaultSignedInPath } from "../../auth/redirectTarget"
import { AlertIcon } from "../../components/icons"
import { initialsOf } from "../../shell/UserMenu"
import { AuthLayout } from "./AuthLayout"
import { CodeSignInForm } from "./CodeSignInForm"
import { useFinishSignIn } from "./finishSignIn"
import { cooldownLabel, formFailureOf, useCooldown } from "./formFailure"
import { DeadLinkScreen, expiresIn } from "./LinkStates"
import { CheckEmailHeading } from "./LoginScreen"

export const MagicLinkScreen = ({
  token,
  redirectTo,
}: {
  readonly token: string | undefined
  readonly redirectTo: string | undefined
}) =>
  token === undefined ? (
    <EnterCode redirectTo={redirectTo ?? defaultSignedInPath} />
  ) : (
    <ContinueWithLink token={token} redirectTo={redirectTo ?? defaultSignedInPath} />
  )

/** No token in the address: the user came to type the code from the email. */
const EnterCode = ({ redirectTo }: { readonly redirectTo: string }) => {
  useDocumentTitle("Check your email · Folio")
  const finishSignIn = useFinishSignIn()
  return (
    <AuthLayout
      footer={
        <Group justify="center" gap="lg">
          <Anchor fz="sm" renderRoot={(props) => <Link to="/login" search={{ method: "link" }} {...props} />}>
            Send me a new link
          </Anchor>
          <Anchor component={Link} to="/login" fz="sm">
            Sign in with a password
          </Anchor>
        </Group>
      }
    >
      <Stack gap="md">
        <CheckEmailHeading message="Open the sign-in link we emailed you, or enter your email and the 6-digit code from that email." />
        <CodeSignInForm onSignedIn={(me) => finishSignIn(me, redirectTo)} />
      </Stack>
    </AuthLayout>
  )
}

const ContinueWithLink = ({ token, redirectTo }: { readonly token: string; readonly redirectTo: string }) => {
  const { data: link } = useSuspenseQuery(linkQueryOptions("magic_link", token))
  useDocumentTitle(link.status === "valid" ? "Sign in · Folio" : "Link expired · Folio")
  if (link.status === "unusable") {
    return (
      <DeadLinkScreen
        title="This sign-in link cannot be used"
        message={link.message}
        action={{ label: "Email me a new sign-in link", to: "/login", method: "link" }}
      />
    )
  }
  return <ContinueCard token={token} info={link.info} redirectTo={redirectTo} />
}

const ContinueCard = ({
  token,
  info,
  redirectTo,
}: {
  readonly token: string
  readonly info: LinkInfo
  readonly redirectTo: string
}) => {
  const queryClient = useQueryClient()
  const finishSignIn = useFinishSignIn()
  const cooldown = useCooldown()
  const mutation = useMutation({
    mutationFn: () => consumeMagicLink({ token }),
    onSuccess: (me) => finishSignIn(me, redirectTo),
    onError: (error) => {
      const failure = formFailureOf(error, [])
      if (failure.retryAfterSeconds !== null) cooldown.start(failure.retryAfterSeconds)
      // Used up meanwhile (another tab, or it just expired): ask again, and show why.
      return queryClient.invalidateQueries({ queryKey: authLinkKeys.link("magic_link", token) })
    },
  })
  const failure = mutation.error === null ? null : formFailureOf(mutation.error, [])

  return (
    <AuthLayout
      footer={
        <Text c="dimmed" fz="xs" ta="center">
          Not you? Ignore the email, or{" "}
          <Anchor component={Link} to="/login" fz="xs">
            sign in with another account
          </Anchor>
          .
        </Text>
      }
    >
      <Stack gap="lg">
        <div>
          <Title order={1} fz="h2">
            Sign in to Folio
          </Title>
          <Text c="dimmed" fz="sm" mt={4}>
            This link signs you in as:
          </Text>
        </div>
        <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
          <Group gap="sm" wrap="nowrap">
            <Avatar color="indigo" radius="xl" aria-hidden="true">
              {initialsOf(info.name)}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {info.name}
              </Text>
              <Text c="dimmed" fz="sm" truncate>
                {info.email}
              </Text>
            </div>
          </Group>
        </Paper>
        {failure !== null && failure.form !== null && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" title="Could not sign in">
            {failure.form}
          </Alert>
        )}
        <Stack gap={6}>
          <Button
            size="md"
            fullWidth
            loading={mutation.isPending}
            disabled={cooldown.secondsLeft > 0}
            onClick={() => mutation.mutate()}
            aria-describedby="continue-note"
            data-autofocus
            autoFocus
          >
            {cooldown.secondsLeft > 0 ? cooldownLabel(cooldown.secondsLeft) : `Continue as ${info.email}`}
          </Button>
          <Text id="continue-note" c="dimmed" fz="xs" ta="center">
            The link works once and expires in {expiresIn(info.expiresAt)}.
          </Text>
        </Stack>
      </Stack>
    </AuthLayout>
  )
}
