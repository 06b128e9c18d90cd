import { Button, Stack, Text, ThemeIcon, Title } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { AlertIcon } from "../../components/icons"
import { AuthLayout } from "./AuthLayout"

/** An emailed link that cannot be used (expired, used, incomplete): why, and what to do next. */
export const DeadLinkScreen = ({
  title,
  message,
  action,
}: {
  readonly title: string
  readonly message: string
  readonly action: {
    readonly label: string
    readonly to: "/login" | "/forgot-password"
    /** Only for `/login`: open the "email me a sign-in link" form. */
    readonly method?: "link"
  }
}) => (
  <AuthLayout
    footer={
      <Text c="dimmed" fz="xs" ta="center">
        Links in Folio emails work once and expire. Only the latest one you asked for works.
      </Text>
    }
  >
    <Stack gap="md" align="center" ta="center">
      <ThemeIcon size={48} radius="xl" variant="light" color="orange" aria-hidden="true">
        <AlertIcon size={26} />
      </ThemeIcon>
      <Title order={1} fz="h2">
        {title}
      </Title>
      <Text role="alert">{message}</Text>
      <Button
        fullWidth
        renderRoot={(props) =>
          action.to === "/login" ? (
            <Link to="/login" search={{ method: action.method }} {...props} />
          ) : (
            <Link to={action.to} {...props} />
          )
        }
      >
        {action.label}
      </Button>
      <Button component={Link} to="/login" variant="subtle" fullWidth>
        Back to sign in
      </Button>
    </Stack>
  </AuthLayout>
)

/** "expires in 14 minutes", "expires in 6 days": how long the link in hand still works. */
export const expiresIn = (expiresAt: Date, now: number = Date.now()): string => {
  const minutes = Math.max(1, Math.round((expiresAt.getTime() - now) / 60_000))
  if (minutes < 90) return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`
  const hours = Math.round(minutes / 60)
  if (hours < 48) return `${hours} hours`
  return `${Math.round(hours / 24)} days`
}
