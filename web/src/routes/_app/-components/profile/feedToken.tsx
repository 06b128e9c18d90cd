import type { NewFeedToken } from "@folio/core"
import { Button, Code, CopyButton, Group, Stack, Text } from "@mantine/core"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { channelKeys, feedTokenQueryOptions, newFeedToken, revokeFeedToken } from "../../../../api/channels"
import { CheckIcon, CopyIcon } from "../../../../components/icons"

/** A feed address (a secret, shown once) with a copy button. */
export const FeedAddress = ({
  title,
  url,
  codeLabel = title,
  copyLabel = `Copy the ${title}`,
}: {
  readonly title: string
  readonly url: string
  readonly codeLabel?: string
  readonly copyLabel?: string
}) => (
  <Stack gap={4}>
    <Text fz="sm" fw={500}>
      {title}
    </Text>
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Code
        block
        style={{ flex: 1, minWidth: 0, overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}
        aria-label={codeLabel}
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
            aria-label={copyLabel}
          >
            {copied ? "Copied" : "Copy"}
          </Button>
        )}
      </CopyButton>
    </Group>
  </Stack>
)

/**
 * My feed token (one per person: the report feed and the podcast feeds), and making, replacing
 * or revoking it, with the confirmation being asked (`Confirm` names what it is for). A new
 * token's addresses are in `made`, the one time they are shown.
 */
export const useFeedToken = <Confirm extends string>() => {
  const queryClient = useQueryClient()
  const token = useQuery(feedTokenQueryOptions())
  const [made, setMade] = useState<NewFeedToken | null>(null)
  const [confirming, setConfirming] = useState<Confirm | null>(null)
  const make = useMutation({
    mutationFn: newFeedToken,
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: channelKeys.feed() })
      setMade(answer)
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
  return { token, made, make, revoke, confirming, setConfirming } as const
}
