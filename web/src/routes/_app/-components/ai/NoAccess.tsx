import { Text, ThemeIcon, Title } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { CenteredScreen } from "../../../../components/CenteredScreen"
import { AlertIcon } from "../../../../components/icons"

/** Said instead of the playground to readers and developers (the server refuses them too). */
export const AiPlaygroundNoAccess = () => {
  useDocumentTitle("AI playground · Folio")
  return (
    <CenteredScreen>
      <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden="true">
        <AlertIcon size={30} />
      </ThemeIcon>
      <Title order={1} fz="h2">
        The AI playground is for analysts, editors and admins
      </Title>
      <Text c="dimmed">Ask an admin for the analyst role if you need to draft with it.</Text>
    </CenteredScreen>
  )
}
