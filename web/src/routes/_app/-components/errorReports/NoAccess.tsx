import { Text, ThemeIcon, Title } from "@mantine/core"
import { CenteredScreen } from "../../../../components/CenteredScreen"
import { AlertIcon } from "../../../../components/icons"

/** Said instead of the inbox to people who may not read it (the server refuses them too). */
export const NoAccess = () => (
  <CenteredScreen>
    <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden="true">
      <AlertIcon size={30} />
    </ThemeIcon>
    <Title order={1} fz="h2">
      Error reports are for the publisher's developers and admins
    </Title>
    <Text c="dimmed">Ask your Folio administrator if you need to see the console's errors.</Text>
  </CenteredScreen>
)
