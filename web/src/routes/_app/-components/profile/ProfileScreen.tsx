import { Stack, Text, Title } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useSuspenseQuery } from "@tanstack/react-query"
import { profileQueryOptions } from "../../../../api/profile"
import { DetailsSection } from "./DetailsSection"
import { FeedSection } from "./FeedSection"
import { NotificationsSection } from "./NotificationsSection"
import { PasswordSection } from "./PasswordSection"
import { SessionsSection } from "./SessionsSection"

/** `/profile`: my details, notifications, password and where I am signed in. */
export const ProfileScreen = () => {
  useDocumentTitle("Profile · Folio")
  const { data: profile } = useSuspenseQuery(profileQueryOptions())
  return (
    <Stack gap="lg" maw={820}>
      <div>
        <Title order={1}>Profile</Title>
        <Text c="dimmed" mt={4}>
          Your details, notifications, password and the devices you are signed in on.
        </Text>
      </div>
      <DetailsSection profile={profile} />
      <NotificationsSection profile={profile} />
      <FeedSection />
      <PasswordSection profile={profile} />
      <SessionsSection />
    </Stack>
  )
}
