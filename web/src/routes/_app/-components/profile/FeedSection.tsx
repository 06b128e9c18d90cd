import type { NewFeedToken } from "@folio/core"
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from "@mantine/core"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { channelKeys, feedTokenQueryOptions, newFeedToken, revokeFeedToken } from "../../../../api/channels"
import { AlertIcon, CheckIcon, CopyIcon } from "../../../../components/icons"
import { ConfirmModal } from "../directory/ConfirmModal"
import { formatDateTime, formatRelative } from "../directory/format"
import { actionErrorText } from "../directory/forms"
import { InlineError, SectionPending } from "../directory/layout"
import { Section } from "./Section"

const Address = ({ label, url }: { readonly label: string; readonly url: string }) => (
  <Stack gap={4}>
    <Text fz="sm" fw={500}>
      {label}
    </Text>
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Code
        block
        style={{ flex: 1, minWidth: 0, overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}
        aria-label={label}
      >
        {url}
      </Code>
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Button
            size="xs"
            variant={copied ? "light" : "default"}
            color={copied ? "teal" : "gray"}
            leftSection={copied ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
            onClick={copy}
            aria-label={`Copy the ${label}`}
          >
            {copied ? "Copied" : "Copy"}
          </Button>
        )}
      </CopyButton>
    </Group>
  </Stack>
)

/** My private feed: make, replace or revoke its address; the address (a secret) is shown once. */
export const FeedSection = () => {
  const queryClient = useQueryClient()
  const query = useQuery(feedTokenQueryOptions())
  const [made, setMade] = useState<NewFeedToken | null>(null)
  const [confirming, setConfirming] = useState<"replace" | "revoke" | null>(null)
  const make = useMutation({
    mutationFn: newFeedToken,
    onSuccess: async (token) => {
      await queryClient.invalidateQueries({ queryKey: channelKeys.feed() })
      setMade(token)
      setConfirming(null)
    },
  })
  const revoke = useMutation({
    mutationFn: revokeFeedToken,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: channelKeys.feed() })
      setMade(null)
      setConfirming(null)
    },
  })
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
              <Address label="Atom feed address" url={made.url} />
              <Address label="RSS feed address" url={made.rssUrl} />
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
