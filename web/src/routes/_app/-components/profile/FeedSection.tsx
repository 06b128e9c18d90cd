import { Alert, Button, Group, Stack, Text } from "@mantine/core"
import { AlertIcon } from "../../../../components/icons"
import { ConfirmModal } from "../directory/ConfirmModal"
import { formatDateTime, formatRelative } from "../directory/format"
import { actionErrorText } from "../directory/forms"
import { InlineError, SectionPending } from "../directory/layout"
import { FeedAddress, useFeedToken } from "./feedToken"
import { Section } from "./Section"

/** My private feed: make, replace or revoke its address; the address (a secret) is shown once. */
export const FeedSection = () => {
  const { token: query, made, make, revoke, confirming, setConfirming } = useFeedToken<"replace" | "revoke">()
  return (
    <Section
      title="Private feed"
      description="An Atom/RSS address for your feed reader with the reports you may read, without sharing your password."
    >
      {query.isPending ? (
        <SectionPending label="Loading your feed…" rows={1} />
      ) : query.isError ? (
        <InlineError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Stack gap="md">
          {made !== null && (
            <Stack gap="sm">
              <Alert
                color="yellow"
                variant="light"
                icon={<AlertIcon />}
                title="Copy it now: it is shown only once"
              >
                Anyone with this address can read your feed. If it leaks, replace or revoke it here.
              </Alert>
              <FeedAddress title="Atom feed address" url={made.url} />
              <FeedAddress title="RSS feed address" url={made.rssUrl} />
            </Stack>
          )}
          {made === null && (
            <Text fz="sm" {...(query.data.active ? {} : { c: "dimmed" })}>
              {query.data.active
                ? `Your feed address was made ${query.data.createdAt ? formatDateTime(query.data.createdAt) : ""}${
                    query.data.lastUsedAt
                      ? `, last read ${formatRelative(query.data.lastUsedAt)}`
                      : ", never read yet"
                  }. It is not shown again; replace it to get a new one.`
                : "You have no feed address."}
            </Text>
          )}
          {(make.isError || revoke.isError) && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {actionErrorText(make.error ?? revoke.error)}
            </Alert>
          )}
          <Group gap="sm">
            {query.data.active ? (
              <>
                <Button variant="default" onClick={() => setConfirming("replace")}>
                  Replace address
                </Button>
                <Button variant="subtle" color="red" onClick={() => setConfirming("revoke")}>
                  Revoke
                </Button>
              </>
            ) : (
              <Button loading={make.isPending} onClick={() => make.mutate()}>
                Make my feed address
              </Button>
            )}
          </Group>
        </Stack>
      )}
      <ConfirmModal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming === "revoke" ? "Revoke your feed?" : "Replace your feed address?"}
        confirmLabel={confirming === "revoke" ? "Revoke" : "Replace"}
        danger={confirming === "revoke"}
        pending={make.isPending || revoke.isPending}
        error={null}
        onConfirm={() => (confirming === "revoke" ? revoke.mutate() : make.mutate())}
      >
        {confirming === "revoke"
          ? "The address stops working at once; feed readers using it get nothing more."
          : "The current address stops working at once. Put the new one in your feed readers."}
      </ConfirmModal>
    </Section>
  )
}
