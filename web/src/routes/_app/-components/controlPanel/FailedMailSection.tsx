import type { FailedMail, MailId } from "@folio/core"
import { pluralNoun } from "@folio/core"
import { Button, Stack, Text } from "@mantine/core"
import { notifications } from "@mantine/notifications"
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query"
import { controlPanelKeys } from "../../../../api/controlPanel"
import { failedMailInfiniteQueryOptions, retryMail } from "../../../../api/controlPanelLists"
import { formatRelative, plural } from "../directory/format"
import { actionErrorText } from "../directory/forms"
import { InlineError, LoadMore, Section, SectionPending } from "../directory/layout"
import { AllClear } from "./AllClear"
import { FailedItem } from "./FailedItem"

const templateLabels: Record<string, string> = {
  magic_link: "Sign-in link",
  reset: "Password reset",
  invite: "Invitation",
  report: "Report",
  digest: "Weekly digest",
  sign_in_notice: "New sign-in notice",
}

const labelOf = (mail: FailedMail) => `${templateLabels[mail.template] ?? mail.template} to ${mail.to}`

/** Outbox messages no retry will send: refused by the relay for good, or out of attempts. */
export const FailedMailSection = () => {
  const queryClient = useQueryClient()
  const query = useInfiniteQuery(failedMailInfiniteQueryOptions())
  const messages = query.data?.pages.flatMap((page) => page.items) ?? []
  const retry = useMutation({
    mutationFn: (ids: ReadonlyArray<MailId>) => retryMail(ids),
    onSuccess: async (retried) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: controlPanelKeys.failedMail() }),
        queryClient.invalidateQueries({ queryKey: controlPanelKeys.health() }),
      ])
      notifications.show({
        color: retried === 0 ? "gray" : "teal",
        title: retried === 0 ? "Nothing to retry" : "Sending again",
        message:
          retried === 0
            ? "Those messages are no longer failed."
            : `${plural(retried, "message")} put back in the outbox, due now.`,
      })
    },
    onError: (error) =>
      notifications.show({ color: "red", title: "Not retried", message: actionErrorText(error) }),
  })
  return (
    <Section
      id="failed-mail"
      title="Failed mail"
      description="Messages the mail server refused for good, or that ran out of attempts. A retry sends one as if newly written; a link in it is issued afresh."
      actions={
        messages.length > 1 ? (
          <Button
            size="xs"
            variant="default"
            loading={retry.isPending && retry.variables?.length !== 1}
            onClick={() => retry.mutate(messages.map((mail) => mail.id))}
          >
            Retry all shown
          </Button>
        ) : undefined
      }
    >
      {query.isPending ? (
        <SectionPending label="Loading failed mail…" rows={2} />
      ) : query.isError && messages.length === 0 ? (
        <InlineError error={query.error} onRetry={() => void query.refetch()} />
      ) : messages.length === 0 ? (
        <AllClear title="No failed mail" description="Every message was sent, or is still being tried." />
      ) : (
        <>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label="Failed mail">
            {messages.map((mail) => (
              <FailedItem
                key={mail.id}
                label={labelOf(mail)}
                title={
                  <Text fz="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                    {labelOf(mail)}
                  </Text>
                }
                facts={`Written ${formatRelative(mail.createdAt)} · ${plural(mail.attempts, "attempt")}`}
                error={mail.lastError}
                retrying={retry.isPending && retry.variables?.length === 1 && retry.variables[0] === mail.id}
                onRetry={() => retry.mutate([mail.id])}
              />
            ))}
          </Stack>
          <LoadMore
            shown={messages.length}
            noun={pluralNoun(messages.length, "message", "messages")}
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            error={query.isFetchNextPageError ? query.error : null}
            onLoadMore={() => void query.fetchNextPage()}
          />
        </>
      )}
    </Section>
  )
}
