import { Text, ThemeIcon, Title } from "@mantine/core"
import { CenteredScreen } from "../../../../components/CenteredScreen"
import { AlertIcon } from "../../../../components/icons"

/** Said instead of analytics to people who may not see them (the server refuses them too). */
export const AnalyticsNoAccess = () => (
  <CenteredScreen>
    <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden="true">
      <AlertIcon size={30} />
    </ThemeIcon>
    <Title order={1} fz="h2">
      Analytics are for editors and analysts
    </Title>
    <Text c="dimmed">
      Readership figures are kept for the research team. Your reports and favorites are where they were.
    </Text>
  </CenteredScreen>
)
