import { type Ticker, TickerInput, UpdateTicker } from "@folio/core"
import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from "@mantine/core"
import { notifications } from "@mantine/notifications"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { Either } from "effect"
import { type FormEvent, useRef, useState } from "react"
import { createTicker, tickerKeys, updateTicker } from "../../../../api/tickers"
import { AlertIcon } from "../../../../components/icons"
import {
  type FormErrors,
  focusFirstInvalid,
  noFormErrors,
  serverFormErrors,
  validateWith,
} from "../directory/forms"

const fields = ["symbol", "name", "exchange", "sector", "currency", "country", "active"] as const
type Field = (typeof fields)[number]
const validateCreate = validateWith(TickerInput, fields)
const validateUpdate = validateWith(UpdateTicker, fields)

/** The GICS sectors, offered as suggestions; any sector name is accepted. */
export const commonSectors = [
  "Communication Services",
  "Consumer Discretionary",
  "Consumer Staples",
  "Energy",
  "Financials",
  "Health Care",
  "Industrials",
  "Information Technology",
  "Materials",
  "Real Estate",
  "Utilities",
]

interface Values {
  readonly symbol: string
  readonly name: string
  readonly exchange: string
  readonly sector: string
  readonly currency: string
  readonly country: string
  readonly active: boolean
}

const empty: Values = {
  symbol: "",
  name: "",
  exchange: "",
  sector: "",
  currency: "USD",
  country: "US",
  active: true,
}

const valuesOf = (ticker: Ticker): Values => ({
  symbol: ticker.symbol,
  name: ticker.name,
  exchange: ticker.exchange,
  sector: ticker.sector,
  currency: ticker.currency,
  country: ticker.country,
  active: ticker.active,
})

/**
 * Create a ticker, or edit one (`ticker` given; its symbol is its identity and stays). Values are
 * checked with core's `TickerInput`/`UpdateTicker` before the server sees them.
 */
export const TickerFormDialog = ({
  opened,
  onClose,
  ticker,
  onSaved,
}: {
  readonly opened: boolean
  readonly onClose: () => void
  readonly ticker?: Ticker | undefined
  readonly onSaved?: (ticker: Ticker) => void
}) => {
  const queryClient = useQueryClient()
  const form = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<Values>(() => (ticker ? valuesOf(ticker) : empty))
  const [errors, setErrors] = useState<FormErrors<Field>>(noFormErrors)
  const [shownFor, setShownFor] = useState<string | null>(null)
  // Opening the dialog starts from the ticker's current values (or a blank form).
  const key = opened ? (ticker?.symbol ?? "(new)") : null
  if (key !== shownFor) {
    setShownFor(key)
    if (key !== null) {
      setValues(ticker ? valuesOf(ticker) : empty)
      setErrors(noFormErrors)
    }
  }

  const mutation = useMutation({
    mutationFn: (input: { readonly create: TickerInput } | { readonly update: UpdateTicker }) =>
      "create" in input ? createTicker(input.create) : updateTicker(ticker?.symbol ?? "", input.update),
    onSuccess: async (saved) => {
      queryClient.setQueryData(tickerKeys.detail(saved.symbol), saved)
      await queryClient.invalidateQueries({ queryKey: tickerKeys.lists() })
      notifications.show({
        color: "teal",
        title: ticker ? "Ticker saved" : "Ticker created",
        message: `${saved.symbol} · ${saved.name}`,
      })
      onSaved?.(saved)
      onClose()
    },
    onError: (error) => {
      setErrors(
        serverFormErrors(error, fields, (message) => (/symbol|exists/i.test(message) ? "symbol" : undefined)),
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
    if (ticker === undefined) {
      Either.match(validateCreate(values), {
        onLeft: invalid,
        onRight: (payload) => mutation.mutate({ create: payload }),
      })
      return
    }
    const before = valuesOf(ticker)
    const patch = Object.fromEntries(
      (Object.keys(values) as Array<keyof Values>)
        .filter((name) => name !== "symbol" && values[name] !== before[name])
        .map((name) => [name, values[name]]),
    )
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
      title={ticker ? `Edit ${ticker.symbol}` : "New ticker"}
      centered
      size="lg"
    >
      <form ref={form} onSubmit={submit} noValidate>
        <Stack gap="md">
          {errors.form !== null && (
            <Alert
              color="red"
              variant="light"
              icon={<AlertIcon />}
              role="alert"
              title={ticker ? "Could not save" : "Could not create the ticker"}
            >
              {errors.form}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="Symbol"
              description={
                ticker ? "A ticker's symbol cannot change." : "As the exchange lists it, e.g. BRK.B"
              }
              required
              withAsterisk={false}
              maxLength={12}
              value={values.symbol}
              error={errors.fields.symbol}
              disabled={ticker !== undefined}
              onChange={(event) => set("symbol", event.currentTarget.value.toUpperCase())}
              autoCapitalize="characters"
              spellCheck={false}
              data-autofocus={ticker ? undefined : true}
            />
            <TextInput
              label="Exchange"
              description="e.g. NASDAQ, NYSE, LSE"
              required
              withAsterisk={false}
              maxLength={20}
              value={values.exchange}
              error={errors.fields.exchange}
              onChange={(event) => set("exchange", event.currentTarget.value)}
              spellCheck={false}
            />
          </SimpleGrid>
          <TextInput
            label="Name"
            required
            withAsterisk={false}
            maxLength={120}
            value={values.name}
            error={errors.fields.name}
            onChange={(event) => set("name", event.currentTarget.value)}
            data-autofocus={ticker ? true : undefined}
          />
          <Autocomplete
            label="Sector"
            required
            withAsterisk={false}
            maxLength={60}
            data={commonSectors}
            value={values.sector}
            error={errors.fields.sector}
            onChange={(sector) => set("sector", sector)}
            comboboxProps={{ withinPortal: true }}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="Currency"
              description="Three-letter ISO code"
              required
              withAsterisk={false}
              maxLength={3}
              value={values.currency}
              error={errors.fields.currency}
              onChange={(event) => set("currency", event.currentTarget.value.toUpperCase())}
              autoCapitalize="characters"
              spellCheck={false}
            />
            <TextInput
              label="Country"
              description="Two-letter ISO code"
              required
              withAsterisk={false}
              maxLength={2}
              value={values.country}
              error={errors.fields.country}
              onChange={(event) => set("country", event.currentTarget.value.toUpperCase())}
              autoCapitalize="characters"
              spellCheck={false}
            />
          </SimpleGrid>
          <Switch
            label="Active"
            description="Inactive tickers stay on their reports but are not offered for new ones."
            checked={values.active}
            onChange={(event) => set("active", event.currentTarget.checked)}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={dismiss}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {ticker ? "Save changes" : "Create ticker"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
