import "@mantine/dates/styles.css"
import { type Blackout, BlackoutInput } from "@folio/core"
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from "@mantine/core"
import { DateTimePicker } from "@mantine/dates"
import { notifications } from "@mantine/notifications"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { addBlackout, blackoutsQueryOptions, releaseKeys, removeBlackout } from "../../../../api/releases"
import { AlertIcon, PlusIcon } from "../../../../components/icons"
import { ConfirmModal } from "../directory/ConfirmModal"
import { InlineError, Section, SectionPending } from "../directory/layout"
import { useSchemaForm } from "../directory/useSchemaForm"
import { QuickPicks } from "./QuickPicks"
import { addDays, dayKeyOf, formatDateTimeIn, instantOfPickerValue, pickerValueOf, zoneLabel } from "./zone"

interface Values extends Record<string, unknown> {
  /** The pickers' values (wall-clock time in the zone), null until picked. */
  readonly startsAt: string | null
  readonly endsAt: string | null
  readonly ticker: string
  readonly reason: string
}

const empty: Values = { startsAt: null, endsAt: null, ticker: "", reason: "" }

const AddBlackoutForm = ({ zone, onDone }: { readonly zone: string; readonly onDone: () => void }) => {
  const queryClient = useQueryClient()
  const now = new Date()
  const today = dayKeyOf(now, zone)
  const { form, ref, formError, onSubmit, showServerError } = useSchemaForm({
    initialValues: empty,
    schema: BlackoutInput,
    precheck: (values: Values) => ({
      ...(instantOfPickerValue(values.startsAt, zone) === null ? { startsAt: "Pick when it starts" } : {}),
      ...(instantOfPickerValue(values.endsAt, zone) === null ? { endsAt: "Pick when it ends" } : {}),
    }),
    toInput: (values: Values) => ({
      startsAt: instantOfPickerValue(values.startsAt, zone)?.toISOString(),
      endsAt: instantOfPickerValue(values.endsAt, zone)?.toISOString(),
      ticker: values.ticker.trim() === "" ? null : values.ticker,
      reason: values.reason,
    }),
  })
  const from = form.values.startsAt

  const mutation = useMutation({
    mutationFn: addBlackout,
    onSuccess: async (blackout) => {
      await queryClient.invalidateQueries({ queryKey: releaseKeys.all })
      notifications.show({
        color: "teal",
        title: "Blackout added",
        message: `${blackout.ticker ?? "All reports"}: ${blackout.reason}`,
      })
      onDone()
    },
    onError: (error) => showServerError(error, () => "ticker"),
  })

  const fromInstant = instantOfPickerValue(from, zone)
  const toPresets =
    fromInstant === null
      ? []
      : [
          {
            value: pickerValueOf(new Date(fromInstant.getTime() + 86_400_000), zone),
            label: "One day later",
          },
          {
            value: pickerValueOf(new Date(fromInstant.getTime() + 7 * 86_400_000), zone),
            label: "One week later",
          },
        ]

  return (
    <Paper withBorder radius="md" p="md">
      <form
        ref={ref}
        onSubmit={onSubmit((payload) => mutation.mutate(payload))}
        noValidate
        aria-label="New blackout period"
      >
        <Stack gap="sm">
          {formError !== null && (
            <Alert
              color="red"
              variant="light"
              icon={<AlertIcon />}
              role="alert"
              title="Could not add the blackout"
            >
              {formError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Stack gap="xs">
              <DateTimePicker
                label="From"
                placeholder="Pick a date and time"
                {...form.getInputProps("startsAt")}
                valueFormat="ddd D MMM YYYY, HH:mm"
                timePickerProps={{ format: "24h" }}
                submitButtonProps={{ "aria-label": "Use this time" }}
                data-autofocus
              />
              <QuickPicks
                label="Quick picks for From"
                picks={[
                  { value: pickerValueOf(now, zone), label: "Now" },
                  { value: `${addDays(today, 1)} 00:00:00`, label: "Tomorrow 00:00" },
                ]}
                onPick={(value) => form.setFieldValue("startsAt", value)}
              />
            </Stack>
            <Stack gap="xs">
              <DateTimePicker
                label="To"
                placeholder="Pick a date and time"
                {...form.getInputProps("endsAt")}
                valueFormat="ddd D MMM YYYY, HH:mm"
                timePickerProps={{ format: "24h" }}
                submitButtonProps={{ "aria-label": "Use this time" }}
                minDate={from?.slice(0, 10) ?? today}
              />
              <QuickPicks
                label="Quick picks for To"
                picks={toPresets}
                onPick={(value) => form.setFieldValue("endsAt", value)}
              />
            </Stack>
          </SimpleGrid>
          <Text fz="xs" c="dimmed" mt={-4}>
            Times in {zoneLabel(zone, fromInstant ?? now)}.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Ticker"
              description="Leave empty to hold back every report."
              placeholder="All reports"
              maxLength={12}
              {...form.getInputProps("ticker")}
              onChange={(event) => form.setFieldValue("ticker", event.currentTarget.value.toUpperCase())}
              autoCapitalize="characters"
              spellCheck={false}
            />
            <TextInput
              label="Reason"
              description="Shown to whoever tries to release in it."
              placeholder="e.g. Quiet period before Q3 results"
              maxLength={300}
              required
              withAsterisk={false}
              {...form.getInputProps("reason")}
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Add blackout
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}

const BlackoutRow = ({ blackout, zone }: { readonly blackout: Blackout; readonly zone: string }) => {
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const mutation = useMutation({
    mutationFn: () => removeBlackout(blackout.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: releaseKeys.all })
      setConfirming(false)
    },
  })
  const what = blackout.ticker ?? "All reports"
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={`${what}: ${blackout.reason}`}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="wrap">
            {blackout.ticker === null ? (
              <Badge variant="light" color="orange" radius="sm">
                All reports
              </Badge>
            ) : (
              <Badge variant="default" radius="sm" tt="none" ff="monospace">
                {blackout.ticker}
              </Badge>
            )}
            <Text fz="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
              {blackout.reason}
            </Text>
          </Group>
          <Text fz="xs" c="dimmed">
            {formatDateTimeIn(blackout.startsAt, zone)} → {formatDateTimeIn(blackout.endsAt, zone)}
          </Text>
        </Stack>
        <Button
          variant="subtle"
          color="red"
          size="xs"
          style={{ flexShrink: 0 }}
          aria-label={`Remove the blackout ${what}: ${blackout.reason}`}
          onClick={() => setConfirming(true)}
        >
          Remove
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        onClose={() => {
          mutation.reset()
          setConfirming(false)
        }}
        title="Remove this blackout?"
        confirmLabel="Remove"
        danger
        pending={mutation.isPending}
        error={mutation.error}
        onConfirm={() => mutation.mutate()}
      >
        {`${what}: “${blackout.reason}”. Releases held by it stay held until an editor acts.`}
      </ConfirmModal>
    </Paper>
  )
}

/** Quiet periods, global or per ticker: releases inside them are refused, or held when already scheduled. */
export const BlackoutsSection = ({ zone }: { readonly zone: string }) => {
  const query = useQuery(blackoutsQueryOptions())
  const [adding, setAdding] = useState(false)
  return (
    <Section
      id="blackouts"
      title="Blackout periods"
      description="Nothing they cover is scheduled or published; releases already in one are held."
      actions={
        adding ? undefined : (
          <Button
            size="xs"
            variant="default"
            leftSection={<PlusIcon size={14} />}
            onClick={() => setAdding(true)}
          >
            Add blackout
          </Button>
        )
      }
    >
      <Stack gap="sm">
        {adding && <AddBlackoutForm zone={zone} onDone={() => setAdding(false)} />}
        {query.isPending ? (
          <SectionPending label="Loading blackout periods…" rows={2} />
        ) : query.isError ? (
          <InlineError error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <Text c="dimmed" fz="sm">
            No current or upcoming blackout periods.
          </Text>
        ) : (
          <Stack
            component="ul"
            gap={6}
            p={0}
            m={0}
            style={{ listStyle: "none" }}
            aria-label="Blackout periods"
          >
            {query.data.map((blackout) => (
              <BlackoutRow key={blackout.id} blackout={blackout} zone={zone} />
            ))}
          </Stack>
        )}
      </Stack>
    </Section>
  )
}
