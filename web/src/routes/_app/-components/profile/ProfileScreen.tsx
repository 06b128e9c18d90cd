import { Stack, Text, Title } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useSuspenseQuery } from "@tanstack/react-query"
import { profileQueryOptions } from "../../../../api/profile"
import { DetailsSection } from "./DetailsSection"
import { FeedSection } from "./FeedSection"
import { NotificationsSection } from "./NotificationsSection"
import { PasswordSection } from "./PasswordSection"
import { ReadershipSection } from "./ReadershipSection"
import { SessionsSection } from "./SessionsSection"

/** `/profile`: my details, notifications, password, where I am signed in and what is recorded about me. */
export const ProfileScreen = () => {
  useDocumentTitle("Profile · Folio")
  const { data: profile } = useSuspenseQuery(profileQueryOptions())
  return (
    <Stack gap="lg" maw={820}>
      <div>
        <Title order={1}>Profile</Title>
        <Text c="dimmed" mt={4}>
          Your details, notifications, password, the devices you are signed in on and what is recorded about
          your reading.
        </Text>
      </div>
      <DetailsSection profile={profile} />
      <NotificationsSection profile={profile} />
      <FeedSection />
      <PasswordSection profile={profile} />
      <SessionsSection />
      <ReadershipSection />
    </Stack>
  )
}
