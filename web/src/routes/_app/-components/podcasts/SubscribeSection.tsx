import { Alert, Anchor, Button, Group, Stack, Text } from "@mantine/core"
import { AlertIcon } from "../../../../components/icons"
import { ConfirmModal } from "../directory/ConfirmModal"
import { formatDateTime } from "../directory/format"
import { actionErrorText } from "../directory/forms"
import { InlineError, Section, SectionPending } from "../directory/layout"
import { FeedAddress, useFeedToken } from "../profile/feedToken"

/**
 * A private podcast feed per show for podcast apps. It uses my feed token, the same one as my
 * report feed: a new address replaces the report feed's too, and revoking stops both.
 */
export const SubscribeSection = () => {
  const { token, made, make, revoke, confirming, setConfirming } = useFeedToken<"make" | "revoke">()
  const active = token.data?.active === true
  return (
    <Section
      id="podcast-subscribe"
      title="Subscribe in a podcast app"
      description="A private feed address per show for Apple Podcasts, Overcast, Pocket Casts and the like, listing only the episodes you may hear — no password needed."
    >
      {token.isPending ? (
        <SectionPending label="Loading your feed…" rows={1} />
      ) : token.isError ? (
        <InlineError error={token.error} onRetry={() => void token.refetch()} />
      ) : (
        <Stack gap="md">
          {made !== null ? (
            <Stack gap="sm">
              <Alert
                color="yellow"
                variant="light"
                icon={<AlertIcon />}
                title="Copy them now: they are shown only once"
              >
                Anyone with one of these addresses can hear what you may hear. Add an address to your podcast
                app as a show “by URL”.
              </Alert>
              {made.podcastFeeds.length === 0 ? (
                <Text fz="sm" c="dimmed">
                  No show has an episode for you yet. Make a new address once one does.
                </Text>
              ) : (
                made.podcastFeeds.map((feed) => (
                  <FeedAddress
                    key={feed.showId}
                    title={feed.title}
                    url={feed.url}
                    codeLabel={`Podcast feed address for ${feed.title}`}
                    copyLabel={`Copy the feed address for ${feed.title}`}
                  />
                ))
              )}
            </Stack>
          ) : (
            <Text fz="sm" {...(active ? {} : { c: "dimmed" })}>
              {active
                ? `You have a private feed address${
                    token.data.createdAt ? `, made ${formatDateTime(token.data.createdAt)}` : ""
                  }. Addresses are shown only once: make a new one to see them again.`
                : "You have no private feed address yet."}
            </Text>
          )}
          <Alert color="gray" variant="light" icon={<AlertIcon />}>
            Your podcast feeds and your report feed share one private key. Making a new address replaces your
            report feed’s address too, so update your feed reader as well.
          </Alert>
          {(make.isError || revoke.isError) && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {actionErrorText(make.error ?? revoke.error)}
            </Alert>
          )}
          <Group gap="md">
            <Button
              loading={make.isPending && confirming === null}
              onClick={() => (active ? setConfirming("make") : make.mutate())}
            >
              {active ? "Make a new feed address" : "Make my feed address"}
            </Button>
            {active && (
              <Anchor
                component="button"
                type="button"
                c="red"
                fz="sm"
                onClick={() => setConfirming("revoke")}
              >
                Revoke my feed address
              </Anchor>
            )}
          </Group>
        </Stack>
      )}
      <ConfirmModal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming === "revoke" ? "Revoke your feed address?" : "Make a new feed address?"}
        confirmLabel={confirming === "revoke" ? "Revoke" : "Make a new address"}
        danger={confirming === "revoke"}
        pending={make.isPending || revoke.isPending}
        error={null}
        onConfirm={() => (confirming === "revoke" ? revoke.mutate() : make.mutate())}
      >
        {confirming === "revoke"
          ? "Your podcast feeds and your report feed stop working at once; apps using them get nothing more."
          : "Your current address stops working at once — for your podcast apps and your report feed reader alike. Put the new addresses in both."}
      </ConfirmModal>
    </Section>
  )
}
