import {
  type Channel,
  type ChannelKind,
  CreateChannel,
  type CreatedChannel,
  channelKindLabels,
  UpdateChannel,
} from "@folio/core"
import { Alert, SegmentedControl, Stack, Switch, Text, TextInput } from "@mantine/core"
import type { UseFormReturnType } from "@mantine/form"
import { notifications } from "@mantine/notifications"
import { useQueryClient } from "@tanstack/react-query"
import { channelKeys, createChannel, updateChannel } from "../../../../api/channels"
import { FormDialog } from "../directory/FormDialog"
import { type FormErrors, serverFormErrors } from "../directory/forms"
import { type Recipients, RecipientsField } from "./RecipientsField"

interface Values extends Recipients, Record<string, unknown> {
  readonly name: string
  readonly kind: ChannelKind
  readonly url: string
  readonly enabled: boolean
}
type Field = keyof Values & string
const fields: ReadonlyArray<Field> = ["name", "kind", "url", "companyIds", "teamIds", "enabled"]

const empty: Values = { name: "", kind: "webhook", url: "", companyIds: [], teamIds: [], enabled: true }

const valuesOf = (channel: Channel): Values => ({
  name: channel.name,
  kind: channel.kind,
  url: channel.url ?? "",
  companyIds: channel.companyIds,
  teamIds: channel.teamIds,
  enabled: channel.enabled,
})

const sameIds = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) =>
  a.length === b.length && a.every((id) => b.includes(id))

/** The new channel's request: only what its kind uses. */
const createInput = (values: Values) => ({
  name: values.name,
  kind: values.kind,
  enabled: values.enabled,
  url: values.kind === "webhook" ? (values.url.trim() === "" ? null : values.url) : null,
  companyIds: values.kind === "email" ? values.companyIds : [],
  teamIds: values.kind === "email" ? values.teamIds : [],
})

/** Only what changed is sent (the kind stays). */
const patchOf = (channel: Channel) => (values: Values) => {
  const before = valuesOf(channel)
  return {
    ...(values.name !== before.name ? { name: values.name } : {}),
    ...(values.enabled !== before.enabled ? { enabled: values.enabled } : {}),
    ...(channel.kind === "webhook" && values.url !== before.url ? { url: values.url } : {}),
    ...(channel.kind === "email" && !sameIds(values.companyIds, before.companyIds)
      ? { companyIds: values.companyIds }
      : {}),
    ...(channel.kind === "email" && !sameIds(values.teamIds, before.teamIds)
      ? { teamIds: values.teamIds }
      : {}),
  }
}

/**
 * What the server refused, at its field: a 409 names the channel, and a refusal about the target
 * (a private address, say) belongs next to the URL.
 */
const channelServerErrors = (error: unknown, values: Values): FormErrors<Field> => {
  const errors = serverFormErrors(error, fields, (message) => (/name/i.test(message) ? "name" : undefined))
  return values.kind === "webhook" &&
    errors.form !== null &&
    errors.fields.url === undefined &&
    /url|address|network|host/i.test(errors.form)
    ? { fields: { ...errors.fields, url: errors.form }, form: null }
    : errors
}

export const kindDescriptions: Record<ChannelKind, string> = {
  email: "Emails each entitled reader of the report's audience, honouring their notification settings.",
  webhook: "POSTs a signed JSON event (Standard Webhooks) to your endpoint, with retries over a day.",
  rss: "Lists the report in each reader's private feed (Atom and RSS). Readers make their feed address on their profile; nothing is sent.",
}

/**
 * Create a channel, or edit one (`channel` given; its kind stays). Checked with core's
 * `CreateChannel`/`UpdateChannel`; the server's refusals show at their field.
 */
export const ChannelDialog = ({
  opened,
  onClose,
  channel,
  onCreated,
}: {
  readonly opened: boolean
  readonly onClose: () => void
  readonly channel?: Channel | undefined
  readonly onCreated?: (created: CreatedChannel) => void
}) => {
  const queryClient = useQueryClient()
  const saved = async (saved: Channel) => {
    await queryClient.invalidateQueries({ queryKey: channelKeys.list() })
    notifications.show({
      color: "teal",
      title: channel ? "Channel saved" : "Channel created",
      message: `${saved.name} · ${channelKindLabels[saved.kind]}`,
    })
  }
  const common = {
    opened,
    onClose,
    size: "lg",
    serverErrors: channelServerErrors,
    children: (form: UseFormReturnType<Values>) => <ChannelFields form={form} channel={channel} />,
  } as const
  return channel === undefined ? (
    <FormDialog
      {...common}
      title="New channel"
      formLabel="New channel"
      initialValues={empty}
      schema={CreateChannel}
      toInput={createInput}
      submit={createChannel}
      errorTitle="Could not create the channel"
      submitLabel="Create channel"
      onSaved={async (created: CreatedChannel) => {
        await saved(created.channel)
        onClose()
        onCreated?.(created)
      }}
    />
  ) : (
    <FormDialog
      {...common}
      title={`Edit ${channel.name}`}
      formLabel="Edit channel"
      initialValues={valuesOf(channel)}
      schema={UpdateChannel}
      toInput={patchOf(channel)}
      isEmpty={(patch) => Object.keys(patch).length === 0}
      submit={(patch: UpdateChannel) => updateChannel(channel.id, patch)}
      errorTitle="Could not save"
      submitLabel="Save changes"
      onSaved={saved}
    />
  )
}

const ChannelFields = ({
  form,
  channel,
}: {
  readonly form: UseFormReturnType<Values>
  readonly channel: Channel | undefined
}) => {
  const { values } = form
  const recipientsError = form.errors.companyIds ?? form.errors.teamIds
  return (
    <>
      <TextInput
        label="Name"
        description="How editors pick it on a report, e.g. “Clients’ webhook”."
        required
        withAsterisk={false}
        maxLength={80}
        {...form.getInputProps("name")}
      />
      {channel === undefined ? (
        <Stack gap={4}>
          <Text fz="sm" fw={500} id="channel-kind">
            Kind
          </Text>
          <SegmentedControl
            aria-labelledby="channel-kind"
            value={values.kind}
            onChange={(kind) => form.setFieldValue("kind", kind as ChannelKind)}
            data={(["webhook", "email", "rss"] as const).map((kind) => ({
              value: kind,
              label: channelKindLabels[kind],
            }))}
          />
          <Text fz="xs" c="dimmed">
            {kindDescriptions[values.kind]}
          </Text>
        </Stack>
      ) : (
        <Text fz="sm" c="dimmed">
          {channelKindLabels[channel.kind]} · {kindDescriptions[channel.kind]}
        </Text>
      )}
      {values.kind === "webhook" && (
        <TextInput
          label="Endpoint URL"
          description="Where Folio POSTs each event. Private and loopback addresses are refused unless the operator allows them."
          placeholder="https://example.com/hooks/folio"
          required
          withAsterisk={false}
          maxLength={2000}
          type="url"
          spellCheck={false}
          {...form.getInputProps("url")}
        />
      )}
      {values.kind === "email" && (
        <RecipientsField
          value={{ companyIds: values.companyIds, teamIds: values.teamIds }}
          onChange={(next) => {
            form.setFieldValue("companyIds", next.companyIds)
            form.setFieldValue("teamIds", next.teamIds)
          }}
          error={typeof recipientsError === "string" ? recipientsError : undefined}
        />
      )}
      {values.kind === "rss" && (
        <Alert variant="light" color="blue" title="A private feed per reader">
          Each reader gets a feed address of their own on their profile, holding only the reports they may
          read now (embargoes respected). Revoking it there stops it at once.
        </Alert>
      )}
      <Switch
        label="Enabled"
        description="A disabled channel delivers nothing; its log stays."
        {...form.getInputProps("enabled", { type: "checkbox" })}
      />
    </>
  )
}
