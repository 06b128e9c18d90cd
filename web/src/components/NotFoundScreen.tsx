import { Button, Text, ThemeIcon, Title } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { Link } from "@tanstack/react-router"
import { CenteredScreen } from "./CenteredScreen"
import { CompassIcon } from "./icons"

/** `/404` and every path no route matches. */
export const NotFoundScreen = () => {
  useDocumentTitle("Page not found · Folio")
  return (
    <CenteredScreen>
      <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden="true">
        <CompassIcon size={30} />
      </ThemeIcon>
      <Text c="dimmed" fw={600} fz="sm" tt="uppercase" lts={1}>
        Error 404
      </Text>
      <Title order={1}>Page not found</Title>
      <Text c="dimmed">
        The page you asked for does not exist or has moved. Check the address, or start again from your
        dashboard.
      </Text>
      <Button component={Link} to="/">
        Go to the dashboard
      </Button>
    </CenteredScreen>
  )
}
