import {
  type ConfigOperation,
  type ConfigSnapshot,
  decodeConfigValue,
  knownConfigKey,
  PreconditionFailed,
} from "@folio/core"
import { Alert, Badge, Button, Group, Stack, Switch, Text, Textarea } from "@mantine/core"
import { notifications } from "@mantine/notifications"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Either } from "effect"
import { type FormEvent, useState } from "react"
import { configKeys, configSnapshotQueryOptions, patchConfig, siteKeys } from "../../../../api/config"
import { AlertIcon } from "../../../../components/icons"
import { ConfirmModal } from "../directory/ConfirmModal"
import { actionErrorText } from "../directory/forms"
import { InlineError, Section, SectionPending } from "../directory/layout"

const enabledKey = "maintenance.enabled"
const messageKey = "maintenance.message"

const storedValue = (snapshot: ConfigSnapshot, key: string): unknown =>
  snapshot.entries.find((entry) => entry.key === key)?.value ?? knownConfigKey(key)?.default

interface Current {
  readonly enabled: boolean
  readonly message: string
  readonly retryAfterSeconds: number
}

const currentOf = (snapshot: ConfigSnapshot): Current => {
  const enabled = storedValue(snapshot, enabledKey)
  const message = storedValue(snapshot, messageKey)
  const retry = storedValue(snapshot, "maintenance.retryAfterSeconds")
  return {
    enabled: enabled === true,
    message: typeof message === "string" ? message : "",
    retryAfterSeconds: typeof retry === "number" ? retry : 0,
  }
}

const MaintenanceForm = ({ snapshot }: { readonly snapshot: ConfigSnapshot }) => {
  const queryClient = useQueryClient()
  const current = currentOf(snapshot)
  const [enabled, setEnabled] = useState(current.enabled)
  const [message, setMessage] = useState(current.message)
  const [messageError, setMessageError] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const save = useMutation({
    mutationFn: (operations: ReadonlyArray<ConfigOperation>) =>
      patchConfig({
        operations,
        comment: `Maintenance ${enabled ? "on" : "off"}, from the control panel`,
        digest: snapshot.digest,
      }),
    onSuccess: async (saved) => {
      setConfirming(false)
      queryClient.setQueryData(configKeys.snapshot(), saved)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: configKeys.histories() }),
        queryClient.invalidateQueries({ queryKey: siteKeys.status }),
      ])
      const now = currentOf(saved)
      notifications.show({
        color: now.enabled ? "orange" : "teal",
        title: now.enabled ? "Maintenance is on" : "Maintenance is off",
        message: now.enabled
          ? "People other than admins now see the maintenance page."
          : "Everyone can use Folio again.",
      })
    },
    onError: () => setConfirming(false),
  })
  const changed = enabled !== current.enabled || message !== current.message

  const operations = (): ReadonlyArray<ConfigOperation> | undefined => {
    const checked = decodeConfigValue(messageKey, message)
    if (Either.isLeft(checked)) {
      setMessageError(checked.left.message)
      return undefined
    }
    setMessageError(null)
    return [
      ...(enabled === current.enabled
        ? []
        : [{ operation: "upsert" as const, key: enabledKey, value: enabled }]),
      ...(message === current.message
        ? []
        : [{ operation: "upsert" as const, key: messageKey, value: message }]),
    ]
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const list = operations()
    if (list === undefined || list.length === 0) return
    // Turning it on turns people away: ask first. Off, or a new message, goes at once.
    if (enabled && !current.enabled) setConfirming(true)
    else save.mutate(list)
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Maintenance mode">
      <Stack gap="md" maw={640}>
        <Group gap="sm">
          <Text fz="sm" fw={500}>
            Now:
          </Text>
          <Badge variant="light" radius="sm" color={current.enabled ? "orange" : "teal"}>
            {current.enabled ? "On" : "Off"}
          </Badge>
          {current.enabled && (
            <Text fz="sm" c="dimmed">
              The API answers others 503 with{" "}
              <span style={{ whiteSpace: "nowrap" }}>Retry-After: {current.retryAfterSeconds}</span>.
            </Text>
          )}
        </Group>
        <Switch
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
          label="Maintenance mode"
          description="On: signed-in people other than admins see the maintenance page. Admins keep working; sign-in, health and background jobs keep running."
        />
        <Textarea
          label="Message"
          description="What the maintenance page and the API's 503 say."
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          error={messageError}
          autosize
          minRows={2}
          maxRows={6}
        />
        {save.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<AlertIcon />}
            role="alert"
            title={
              save.error instanceof PreconditionFailed ? "The configuration changed meanwhile" : "Not saved"
            }
          >
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">
                {save.error instanceof PreconditionFailed
                  ? "Someone changed the configuration since this page loaded, so nothing was saved. Reload it and decide again."
                  : actionErrorText(save.error)}
              </Text>
              {save.error instanceof PreconditionFailed && (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => void queryClient.invalidateQueries({ queryKey: configKeys.snapshot() })}
                >
                  Reload the configuration
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" disabled={!changed} loading={save.isPending && !confirming}>
            Save
          </Button>
          {changed && (
            <Button
              variant="default"
              onClick={() => {
                setEnabled(current.enabled)
                setMessage(current.message)
                setMessageError(null)
                save.reset()
              }}
            >
              Undo changes
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        onClose={() => !save.isPending && setConfirming(false)}
        title="Turn maintenance on?"
        confirmLabel="Turn maintenance on"
        danger
        pending={save.isPending}
        error={null}
        onConfirm={() => {
          const list = operations()
          if (list !== undefined && list.length > 0) save.mutate(list)
        }}
      >
        {`Everyone signed in who is not an admin sees the maintenance page at once, with “${message}”, until you switch it off.`}
      </ConfirmModal>
    </form>
  )
}

/** The maintenance switch and its message: two keys of the configuration store, saved with If-Match. */
export const MaintenancePanel = () => {
  const query = useQuery(configSnapshotQueryOptions())
  return (
    <Section
      id="maintenance"
      title="Maintenance"
      description="A change reaches every server instance within a second; no restart is needed either way."
    >
      {query.isPending ? (
        <SectionPending label="Loading the configuration…" rows={2} />
      ) : query.isError ? (
        <InlineError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        // A new snapshot (saved here or elsewhere) starts the form again from what is stored.
        <MaintenanceForm key={query.data.digest} snapshot={query.data} />
      )}
    </Section>
  )
}
