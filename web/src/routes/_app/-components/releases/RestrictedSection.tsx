import { type RestrictedTicker, RestrictTicker, TickerSymbol } from "@folio/core"
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from "@mantine/core"
import { notifications } from "@mantine/notifications"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Schema } from "effect"
import { useState } from "react"
import {
  releaseKeys,
  restrictedQueryOptions,
  restrictTicker,
  unrestrictTicker,
} from "../../../../api/releases"
import { AlertIcon, PlusIcon } from "../../../../components/icons"
import { ConfirmModal } from "../directory/ConfirmModal"
import { formatDate } from "../directory/format"
import { InlineError, Section, SectionPending } from "../directory/layout"
import { useSchemaForm } from "../directory/useSchemaForm"

const RestrictInput = Schema.Struct({ symbol: TickerSymbol, ...RestrictTicker.fields })

const AddRestrictionForm = ({ onDone }: { readonly onDone: () => void }) => {
  const queryClient = useQueryClient()
  const { form, ref, formError, onSubmit, showServerError } = useSchemaForm({
    initialValues: { symbol: "", reason: "" },
    schema: RestrictInput,
  })
  const mutation = useMutation({
    mutationFn: (input: typeof RestrictInput.Type) => restrictTicker(input.symbol, input.reason),
    onSuccess: async (restricted) => {
      await queryClient.invalidateQueries({ queryKey: releaseKeys.restricted() })
      notifications.show({
        color: "teal",
        title: "Ticker restricted",
        message: `${restricted.symbol}: ${restricted.reason}`,
      })
      onDone()
    },
    // A 404 here is the symbol: no such ticker.
    onError: (error) => showServerError(error, () => "symbol"),
  })
  const symbol = form.getInputProps("symbol")
  return (
    <Paper withBorder radius="md" p="md">
      <form
        ref={ref}
        onSubmit={onSubmit((payload) => mutation.mutate(payload))}
        noValidate
        aria-label="Restrict a ticker"
      >
        <Stack gap="sm">
          {formError !== null && (
            <Alert
              color="red"
              variant="light"
              icon={<AlertIcon />}
              role="alert"
              title="Could not restrict the ticker"
            >
              {formError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Symbol"
              maxLength={12}
              required
              withAsterisk={false}
              {...symbol}
              onChange={(event) => form.setFieldValue("symbol", event.currentTarget.value.toUpperCase())}
              autoCapitalize="characters"
              spellCheck={false}
              data-autofocus
            />
            <TextInput
              label="Reason"
              placeholder="e.g. Advising on a transaction"
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
              Restrict
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}

const RestrictedRow = ({ restricted }: { readonly restricted: RestrictedTicker }) => {
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const mutation = useMutation({
    mutationFn: () => unrestrictTicker(restricted.symbol),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: releaseKeys.restricted() })
      setConfirming(false)
    },
  })
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      aria-label={`${restricted.symbol}: ${restricted.reason}`}
    >
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="wrap">
            <Badge variant="default" radius="sm" tt="none" ff="monospace">
              {restricted.symbol}
            </Badge>
            <Text fz="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
              {restricted.reason}
            </Text>
          </Group>
          <Text fz="xs" c="dimmed">
            Since {formatDate(restricted.createdAt)}
            {restricted.createdBy ? ` · ${restricted.createdBy}` : ""}
          </Text>
        </Stack>
        <Button
          variant="subtle"
          size="xs"
          style={{ flexShrink: 0 }}
          aria-label={`Take ${restricted.symbol} off the restricted list`}
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
        title={`Take ${restricted.symbol} off the list?`}
        confirmLabel="Remove restriction"
        pending={mutation.isPending}
        error={mutation.error}
        onConfirm={() => mutation.mutate()}
      >
        Reports about it can be scheduled and published again; held ones stay held until an editor acts.
      </ConfirmModal>
    </Paper>
  )
}

/** Tickers nothing may be scheduled or published about, each with its reason. */
export const RestrictedSection = () => {
  const query = useQuery(restrictedQueryOptions())
  const [adding, setAdding] = useState(false)
  return (
    <Section
      id="restricted"
      title="Restricted tickers"
      description="Reports about these are refused until the ticker is taken off the list."
      actions={
        adding ? undefined : (
          <Button
            size="xs"
            variant="default"
            leftSection={<PlusIcon size={14} />}
            onClick={() => setAdding(true)}
          >
            Restrict a ticker
          </Button>
        )
      }
    >
      <Stack gap="sm">
        {adding && <AddRestrictionForm onDone={() => setAdding(false)} />}
        {query.isPending ? (
          <SectionPending label="Loading the restricted list…" rows={2} />
        ) : query.isError ? (
          <InlineError error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <Text c="dimmed" fz="sm">
            No ticker is restricted.
          </Text>
        ) : (
          <Stack
            component="ul"
            gap={6}
            p={0}
            m={0}
            style={{ listStyle: "none" }}
            aria-label="Restricted tickers"
          >
            {query.data.map((restricted) => (
              <RestrictedRow key={restricted.symbol} restricted={restricted} />
            ))}
          </Stack>
        )}
      </Stack>
    </Section>
  )
}
