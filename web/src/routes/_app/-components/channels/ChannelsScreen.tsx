import {
  type Channel,
  type CreatedChannel,
  channelKindLabels,
  type Delivery,
  type RotatedSecret,
} from "@folio/core"
import {
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  VisuallyHidden,
} from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import {
  channelKeys,
  channelsQueryOptions,
  type DeliveryFilters,
  rotateSecret,
  sendTest,
  updateChannel,
} from "../../../../api/channels"
import { ChevronDownIcon, PlusIcon } from "../../../../components/icons"
import { ConfirmModal } from "../directory/ConfirmModal"
import { formatDateTime } from "../directory/format"
import { actionErrorText } from "../directory/forms"
import { EmptyList, InlineError, PageHeader, Section, SectionPending } from "../directory/layout"
import { ChannelDialog } from "./ChannelDialog"
import { DeliveryLog } from "./DeliveryLog"
import { DeliveriesTable } from "./deliveries"
import { useRecipientNames } from "./RecipientsField"
import { SecretDialog } from "./SecretDialog"

const kindColors = { email: "blue", webhook: "grape", rss: "orange" } as const

const Target = ({ channel }: { readonly channel: Channel }) => {
  const names = useRecipientNames(channel)
  if (channel.kind === "webhook")
    return (
      <Text fz="sm" ff="monospace" style={{ overflowWrap: "anywhere" }} lineClamp={2}>
        {channel.url}
      </Text>
    )
  if (channel.kind === "rss")
    return (
      <Text fz="sm" c="dimmed">
        Each reader’s private feed
      </Text>
    )
  const all = [...names.companies.map((c) => c.name), ...names.teams.map((t) => `Team ${t.name}`)]
  return (
    <Text fz="sm" {...(all.length === 0 ? { c: "dimmed" } : {})} lineClamp={2}>
      {all.length === 0 ? "Every entitled reader" : all.join(", ")}
    </Text>
  )
}

const Counts = ({ channel }: { readonly channel: Channel }) => {
  const { delivered, pending, failed, dead } = channel.counts
  return (
    <Group gap={4} wrap="wrap">
      <Badge variant="light" color="teal" radius="sm" title="Delivered">
        {delivered} delivered
      </Badge>
      {pending > 0 && (
        <Badge variant="light" color="blue" radius="sm">
          {pending} pending
        </Badge>
      )}
      {failed > 0 && (
        <Badge variant="light" color="orange" radius="sm">
          {failed} failed
        </Badge>
      )}
      {dead > 0 && (
        <Badge variant="light" color="red" radius="sm">
          {dead} dead
        </Badge>
      )}
    </Group>
  )
}

const EnabledSwitch = ({ channel }: { readonly channel: Channel }) => {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: (enabled: boolean) => updateChannel(channel.id, { enabled }),
    onSuccess: async (updated) => {
      await queryClient.invalidateQueries({ queryKey: channelKeys.list() })
      notifications.show({
        color: "teal",
        title: updated.enabled ? "Channel enabled" : "Channel disabled",
        message: updated.enabled
          ? `${updated.name} delivers again.`
          : `${updated.name} delivers nothing until enabled.`,
      })
    },
    onError: (error) =>
      notifications.show({ color: "red", title: "Not changed", message: actionErrorText(error) }),
  })
  const checked = mutation.isPending ? (mutation.variables ?? channel.enabled) : channel.enabled
  return (
    <Stack gap={2}>
      <Switch
        checked={checked}
        disabled={mutation.isPending}
        onChange={(event) => mutation.mutate(event.currentTarget.checked)}
        aria-label={`${channel.name} enabled`}
        label={checked ? "On" : "Off"}
      />
      {channel.disabledReason !== null && !channel.enabled && (
        <Text fz="xs" c="orange.8" maw={220}>
          {channel.disabledReason}
        </Text>
      )}
    </Stack>
  )
}

type Shown =
  | { readonly kind: "edit"; readonly channel: Channel }
  | { readonly kind: "rotate"; readonly channel: Channel }
  | {
      readonly kind: "secret"
      readonly channelName: string
      readonly secret: string
      readonly previousValidUntil: Date | null
    }
  | { readonly kind: "test"; readonly channel: Channel; readonly delivery: Delivery }
  | null

const ChannelMenu = ({
  channel,
  onShow,
  onShowLog,
}: {
  readonly channel: Channel
  readonly onShow: (shown: Shown) => void
  readonly onShowLog: () => void
}) => {
  const queryClient = useQueryClient()
  const test = useMutation({
    mutationFn: () => sendTest(channel.id),
    onSuccess: async (delivery) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: channelKeys.deliveries() }),
        queryClient.invalidateQueries({ queryKey: channelKeys.list() }),
      ])
      onShow({ kind: "test", channel, delivery })
    },
    onError: (error) =>
      notifications.show({ color: "red", title: "Test not sent", message: actionErrorText(error) }),
  })
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={200}>
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          rightSection={<ChevronDownIcon size={14} />}
          loading={test.isPending}
          aria-label={`Actions for ${channel.name}`}
        >
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onShow({ kind: "edit", channel })}>Edit…</Menu.Item>
        <Menu.Item onClick={() => test.mutate()}>Send a test</Menu.Item>
        {channel.kind === "webhook" && (
          <Menu.Item onClick={() => onShow({ kind: "rotate", channel })}>Rotate secret…</Menu.Item>
        )}
        <Menu.Item onClick={onShowLog}>Show its deliveries</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}

const RotateDialog = ({
  channel,
  onClose,
  onRotated,
}: {
  readonly channel: Channel | null
  readonly onClose: () => void
  readonly onRotated: (channel: Channel, rotated: RotatedSecret) => void
}) => {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: (target: Channel) => rotateSecret(target.id),
    onSuccess: async (rotated, target) => {
      await queryClient.invalidateQueries({ queryKey: channelKeys.list() })
      mutation.reset()
      onRotated(target, rotated)
    },
  })
  return (
    <ConfirmModal
      opened={channel !== null}
      onClose={() => {
        mutation.reset()
        onClose()
      }}
      title="Rotate the signing secret?"
      confirmLabel="Rotate secret"
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={() => channel && mutation.mutate(channel)}
    >
      {`“${channel?.name ?? ""}” gets a new secret, shown once. The current one keeps signing for 24 hours alongside it, so your receiver can switch without missing a delivery.`}
    </ConfirmModal>
  )
}

const TestResult = ({ shown, onClose }: { readonly shown: Shown; readonly onClose: () => void }) => {
  const test = shown?.kind === "test" ? shown : null
  return (
    <Modal opened={test !== null} onClose={onClose} title="Test delivery sent" centered size="xl">
      {test && (
        <Stack gap="md">
          <Text fz="sm">
            A <code>channel.test</code> event went to “{test.channel.name}”. It shows in the delivery log
            below, and updates there as it is attempted.
          </Text>
          <Paper withBorder radius="md" p={0}>
            <DeliveriesTable deliveries={[test.delivery]} label="Test delivery" showReport={false} />
          </Paper>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  )
}

/**
 * `/channels`: where published reports go (email, signed webhooks, private feeds), their delivery
 * counts, and the delivery log with its filters and retries.
 */
export const ChannelsScreen = ({
  filters,
  onFiltersChange,
}: {
  readonly filters: DeliveryFilters
  readonly onFiltersChange: (change: Partial<DeliveryFilters>) => void
}) => {
  useDocumentTitle("Channels · Folio")
  const query = useQuery(channelsQueryOptions())
  const [creating, setCreating] = useState(false)
  const [shown, setShown] = useState<Shown>(null)
  const channels = query.data ?? []
  const showCreated = (created: CreatedChannel) => {
    if (created.secret !== null)
      setShown({
        kind: "secret",
        channelName: created.channel.name,
        secret: created.secret,
        previousValidUntil: null,
      })
  }
  const newChannel = (
    <Button leftSection={<PlusIcon size={16} />} onClick={() => setCreating(true)}>
      New channel
    </Button>
  )
  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader
        title="Channels"
        description="Where published reports go: email to entitled readers, signed webhooks, and private feeds."
        actions={newChannel}
      />
      <Section id="channel-list" title="Channels">
        {query.isPending ? (
          <SectionPending label="Loading channels…" rows={3} />
        ) : query.isError ? (
          <InlineError error={query.error} onRetry={() => void query.refetch()} />
        ) : channels.length === 0 ? (
          <EmptyList
            title="No channels yet"
            description="Add a webhook for a client's system, an email channel, or a feed; reports are delivered when published."
            action={
              <Button variant="default" onClick={() => setCreating(true)}>
                New channel
              </Button>
            }
          />
        ) : (
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing="sm" aria-label="Channels" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Delivers to</Table.Th>
                  <Table.Th>Enabled</Table.Th>
                  <Table.Th>Deliveries</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {channels.map((channel) => (
                  <Table.Tr key={channel.id}>
                    <Table.Td>
                      <Text fw={600} fz="sm">
                        {channel.name}
                      </Text>
                      {channel.previousSecretValidUntil !== null &&
                        channel.previousSecretValidUntil > new Date() && (
                          <Text fz="xs" c="dimmed">
                            Old secret valid until {formatDateTime(channel.previousSecretValidUntil)}
                          </Text>
                        )}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" radius="sm" color={kindColors[channel.kind]}>
                        {channelKindLabels[channel.kind]}
                      </Badge>
                    </Table.Td>
                    <Table.Td maw={320}>
                      <Target channel={channel} />
                    </Table.Td>
                    <Table.Td>
                      <EnabledSwitch channel={channel} />
                    </Table.Td>
                    <Table.Td>
                      <Counts channel={channel} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <ChannelMenu
                        channel={channel}
                        onShow={setShown}
                        onShowLog={() => onFiltersChange({ channel: channel.id })}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
      <DeliveryLog filters={filters} channels={channels} onFiltersChange={onFiltersChange} />
      <ChannelDialog opened={creating} onClose={() => setCreating(false)} onCreated={showCreated} />
      <ChannelDialog
        opened={shown?.kind === "edit"}
        channel={shown?.kind === "edit" ? shown.channel : undefined}
        onClose={() => setShown(null)}
      />
      <RotateDialog
        channel={shown?.kind === "rotate" ? shown.channel : null}
        onClose={() => setShown(null)}
        onRotated={(channel, rotated) =>
          setShown({
            kind: "secret",
            channelName: channel.name,
            secret: rotated.secret,
            previousValidUntil: rotated.previousValidUntil,
          })
        }
      />
      <SecretDialog
        secret={shown?.kind === "secret" ? shown.secret : null}
        channelName={shown?.kind === "secret" ? shown.channelName : ""}
        previousValidUntil={shown?.kind === "secret" ? shown.previousValidUntil : null}
        onClose={() => setShown(null)}
      />
      <TestResult shown={shown} onClose={() => setShown(null)} />
    </Stack>
  )
}
