import { Text, ThemeIcon, Title } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { CenteredScreen } from "../../../../components/CenteredScreen"
import { AlertIcon } from "../../../../components/icons"

/** Said instead of the podcast admin to people who may not manage shows (the server refuses them too). */
export const PodcastsAdminNoAccess = () => {
  useDocumentTitle("Podcast admin · Folio")
  return (
    <CenteredScreen>
      <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden="true">
        <AlertIcon size={30} />
      </ThemeIcon>
      <Title order={1} fz="h2">
        Podcast admin is for editors and admins
      </Title>
      <Text c="dimmed">Published episodes are on the Podcasts page, ready to play.</Text>
    </CenteredScreen>
  )
}
