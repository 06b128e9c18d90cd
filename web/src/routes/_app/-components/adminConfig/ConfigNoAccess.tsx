import { Text, ThemeIcon, Title } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { CenteredScreen } from "../../../../components/CenteredScreen"
import { AlertIcon } from "../../../../components/icons"

/** Said instead of the configuration to people who may not change it (the server refuses them too). */
export const ConfigNoAccess = () => {
  useDocumentTitle("Configuration · Folio")
  return (
    <CenteredScreen>
      <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden="true">
        <AlertIcon size={30} />
      </ThemeIcon>
      <Title order={1} fz="h2">
        The configuration is for admins
      </Title>
      <Text c="dimmed">Ask your Folio administrator if a setting needs changing.</Text>
    </CenteredScreen>
  )
}
