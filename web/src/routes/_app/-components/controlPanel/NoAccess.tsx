import { Text, ThemeIcon, Title } from "@mantine/core"
import { CenteredScreen } from "../../../../components/CenteredScreen"
import { AlertIcon } from "../../../../components/icons"

/** Said instead of the control panel to people who may not open it (the server refuses them too). */
export const ControlPanelNoAccess = () => (
  <CenteredScreen>
    <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden="true">
      <AlertIcon size={30} />
    </ThemeIcon>
    <Title order={1} fz="h2">
      The control panel is for administrators
    </Title>
    <Text c="dimmed">Ask your Folio administrator if something about the installation looks wrong.</Text>
  </CenteredScreen>
)
