import {
  type Channel,
  type ChannelKind,
  CreateChannel,
  type CreatedChannel,
  channelKindLabels,
  UpdateChannel,
} from "@folio/core"
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Switch, Text, TextInput } from "@mantine/core"
import { notifications } from "@mantine/notifications"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { Either } from "effect"
import { type FormEvent, useRef, useState } from "react"
import { channelKeys, createChannel, updateChannel } from "../../../../api/channels"
import { AlertIcon } from "../../../../components/icons"
import {
  type FormErrors,
  focusFirstInvalid,
  noFormErrors,
  serverFormErrors,
  validateWith,
} from "../directory/forms"
import { type Recipients, RecipientsField } from "./RecipientsField"

const fields = ["name", "kind", "url", "companyIds", "teamIds", "enabled"] as const
type Field = (typeof fields)[number]
const validateCreate = validateWith(CreateChannel, fields)
const validateUpdate = validateWith(UpdateChannel, fields)

interface Values extends Recipients {
  readonly name: string
  readonly kind: ChannelKind
  readonly enabled: boolean
  readonly url: string
}

const empty: Values = { name: "", kind: "webhook", enabled: true, url: "", companyIds: [], teamIds: [] }

const valuesOf = (channel: Channel): Values => ({
  name: channel.name,
  kind: channel.kind,
  enabled: channel.enabled,
  url: channel.url ?? "",
  companyIds: channel.companyIds,
  teamIds: channel.teamIds,
})

const sameIds = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) =>
  a.length === b.length && a.every((id) => b.includes(id))

/** A server refusal about the target (a private address, say) belongs next to the URL. */
const placeUrlProblem = (errors: FormErrors<Field>, kind: ChannelKind): FormErrors<Field> =>
  kind === "webhook" &&
  errors.form !== null &&
  errors.fields.url === undefined &&
  /url|address|network|host/i.test(errors.form)
    ? { fields: { ...errors.fields, url: errors.form }, form: null }
    : errors

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
  const form = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<Values>(() => (channel ? valuesOf(channel) : empty))
  const [errors, setErrors] = useState<FormErrors<Field>>(noFormErrors)
  const [shownFor, setShownFor] = useState<string | null>(null)
  const key = opened ? (channel?.id ?? "(new)") : null
  if (key !== shownFor) {
    setShownFor(key)
    if (key !== null) {
      setValues(channel ? valuesOf(channel) : empty)
      setErrors(noFormErrors)
    }
  }

  const mutation = useMutation({
    mutationFn: (input: { readonly create: CreateChannel } | { readonly update: UpdateChannel }) =>
      "create" in input
        ? createChannel(input.create)
        : channel
          ? updateChannel(channel.id, input.update).then((updated) => ({ channel: updated, secret: null }))
          : Promise.reject(new Error("No channel to update")),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: channelKeys.list() })
      notifications.show({
        color: "teal",
        title: channel ? "Channel saved" : "Channel created",
        message: `${saved.channel.name} · ${channelKindLabels[saved.channel.kind]}`,
      })
      onClose()
      if (!channel) onCreated?.(saved)
    },
    onError: (error) => {
      setErrors(
        placeUrlProblem(
          serverFormErrors(error, fields, (message) => (/name/i.test(message) ? "name" : undefined)),
          values.kind,
        ),
      )
      focusFirstInvalid(form.current)
    },
  })

  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }))
    setErrors((current) => ({ ...current, fields: { ...current.fields, [name]: undefined } }))
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const invalid = (found: FormErrors<Field>) => {
      setErrors(found)
      focusFirstInvalid(form.current)
    }
    if (channel === undefined) {
      const input = {
        name: values.name,
        kind: values.kind,
        enabled: values.enabled,
        url: values.kind === "webhook" ? (values.url.trim() === "" ? null : values.url) : null,
        companyIds: values.kind === "email" ? values.companyIds : [],
        teamIds: values.kind === "email" ? values.teamIds : [],
      }
      return Either.match(validateCreate(input), {
        onLeft: invalid,
        onRight: (payload) => mutation.mutate({ create: payload }),
      })
    }
    const before = valuesOf(channel)
    const patch = {
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
    Either.match(validateUpdate(patch), {
      onLeft: invalid,
      onRight: (payload) =>
        Object.keys(payload).length === 0 ? onClose() : mutation.mutate({ update: payload }),
    })
  }

  const dismiss = () => {
    if (!mutation.isPending) onClose()
  }

  return (
    <Modal
      opened={opened}
      onClose={dismiss}
      title={channel ? `Edit ${channel.name}` : "New channel"}
      centered
      size="lg"
    >
      <form ref={form} onSubmit={submit} noValidate aria-label={channel ? "Edit channel" : "New channel"}>
        <Stack gap="md">
          {errors.form !== null && (
            <Alert
              color="red"
              variant="light"
              icon={<AlertIcon />}
              role="alert"
              title={channel ? "Could not save" : "Could not create the channel"}
            >
              {errors.form}
            </Alert>
          )}
          <TextInput
            label="Name"
            description="How editors pick it on a report, e.g. “Clients’ webhook”."
            required
            withAsterisk={false}
            maxLength={80}
            value={values.name}
            error={errors.fields.name}
            onChange={(event) => set("name", event.currentTarget.value)}
            data-autofocus
          />
          {channel === undefined ? (
            <Stack gap={4}>
              <Text fz="sm" fw={500} id="channel-kind">
                Kind
              </Text>
              <SegmentedControl
                aria-labelledby="channel-kind"
                value={values.kind}
                onChange={(kind) => set("kind", kind as ChannelKind)}
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
              value={values.url}
              error={errors.fields.url}
              onChange={(event) => set("url", event.currentTarget.value)}
              spellCheck={false}
            />
          )}
          {values.kind === "email" && (
            <RecipientsField
              value={{ companyIds: values.companyIds, teamIds: values.teamIds }}
              onChange={(next) => {
                set("companyIds", next.companyIds)
                set("teamIds", next.teamIds)
              }}
              error={errors.fields.companyIds ?? errors.fields.teamIds}
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
            checked={values.enabled}
            onChange={(event) => set("enabled", event.currentTarget.checked)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={dismiss}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {channel ? "Save changes" : "Create channel"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
