import { type Ticker, TickerInput, UpdateTicker } from "@folio/core"
import { Autocomplete, SimpleGrid, Switch, TextInput } from "@mantine/core"
import type { UseFormReturnType } from "@mantine/form"
import { notifications } from "@mantine/notifications"
import { useQueryClient } from "@tanstack/react-query"
import type { ChangeEvent } from "react"
import { createTicker, tickerKeys, updateTicker } from "../../../../api/tickers"
import { FormDialog } from "../directory/FormDialog"

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

interface Values extends Record<string, unknown> {
  readonly symbol: string
  readonly name: string
  readonly exchange: string
  readonly sector: string
  readonly currency: string
  readonly country: string
  readonly active: boolean
  readonly paidRelationship: boolean
}

const empty: Values = {
  symbol: "",
  name: "",
  exchange: "",
  sector: "",
  currency: "USD",
  country: "US",
  active: true,
  paidRelationship: false,
}

const valuesOf = (ticker: Ticker): Values => ({
  symbol: ticker.symbol,
  name: ticker.name,
  exchange: ticker.exchange,
  sector: ticker.sector,
  currency: ticker.currency,
  country: ticker.country,
  active: ticker.active,
  paidRelationship: ticker.paidRelationship,
})

/** An edit sends only what changed; the symbol is the ticker's identity and stays. */
const patchOf = (ticker: Ticker) => (values: Values) => {
  const before = valuesOf(ticker)
  return Object.fromEntries(
    Object.keys(values)
      .filter((name) => name !== "symbol" && values[name] !== before[name])
      .map((name) => [name, values[name]]),
  )
}

/** A field typed in capitals (symbols and ISO codes). */
const upperCase = (form: UseFormReturnType<Values>, name: "symbol" | "currency" | "country") => ({
  ...form.getInputProps(name),
  onChange: (event: ChangeEvent<HTMLInputElement>) =>
    form.setFieldValue(name, event.currentTarget.value.toUpperCase()),
  autoCapitalize: "characters",
  spellCheck: false,
})

/**
 * Create a ticker, or edit one (`ticker` given). Values are checked with core's
 * `TickerInput`/`UpdateTicker` before the server sees them.
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
  const common = {
    opened,
    onClose,
    title: ticker ? `Edit ${ticker.symbol}` : "New ticker",
    initialValues: ticker ? valuesOf(ticker) : empty,
    autofocus: ticker ? "name" : "symbol",
    conflictField: (message: string) => (/symbol|exists/i.test(message) ? "symbol" : undefined),
    errorTitle: ticker ? "Could not save" : "Could not create the ticker",
    submitLabel: ticker ? "Save changes" : "Create ticker",
    onSaved: async (saved: Ticker) => {
      queryClient.setQueryData(tickerKeys.detail(saved.symbol), saved)
      await queryClient.invalidateQueries({ queryKey: tickerKeys.lists() })
      notifications.show({
        color: "teal",
        title: ticker ? "Ticker saved" : "Ticker created",
        message: `${saved.symbol} · ${saved.name}`,
      })
      onSaved?.(saved)
    },
    children: (form: UseFormReturnType<Values>) => (
      <TickerFields form={form} editing={ticker !== undefined} />
    ),
  } as const
  return ticker ? (
    <FormDialog
      {...common}
      schema={UpdateTicker}
      toInput={patchOf(ticker)}
      isEmpty={(patch) => Object.keys(patch).length === 0}
      submit={(patch: UpdateTicker) => updateTicker(ticker.symbol, patch)}
    />
  ) : (
    <FormDialog {...common} schema={TickerInput} submit={createTicker} />
  )
}

const TickerFields = ({
  form,
  editing,
}: {
  readonly form: UseFormReturnType<Values>
  readonly editing: boolean
}) => (
  <>
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <TextInput
        label="Symbol"
        description={editing ? "A ticker's symbol cannot change." : "As the exchange lists it, e.g. BRK.B"}
        required
        withAsterisk={false}
        maxLength={12}
        {...upperCase(form, "symbol")}
        disabled={editing}
      />
      <TextInput
        label="Exchange"
        description="e.g. NASDAQ, NYSE, LSE"
        required
        withAsterisk={false}
        maxLength={20}
        {...form.getInputProps("exchange")}
        spellCheck={false}
      />
    </SimpleGrid>
    <TextInput label="Name" required withAsterisk={false} maxLength={120} {...form.getInputProps("name")} />
    <Autocomplete
      label="Sector"
      required
      withAsterisk={false}
      maxLength={60}
      data={commonSectors}
      {...form.getInputProps("sector")}
      comboboxProps={{ withinPortal: true }}
    />
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <TextInput
        label="Currency"
        description="Three-letter ISO code"
        required
        withAsterisk={false}
        maxLength={3}
        {...upperCase(form, "currency")}
      />
      <TextInput
        label="Country"
        description="Two-letter ISO code"
        required
        withAsterisk={false}
        maxLength={2}
        {...upperCase(form, "country")}
      />
    </SimpleGrid>
    <Switch
      label="Active"
      description="Inactive tickers stay on their reports but are not offered for new ones."
      {...form.getInputProps("active", { type: "checkbox" })}
    />
    <Switch
      label="Paid relationship"
      description="The house was paid by this company, e.g. investment banking in the last 12 months; counted apart in the rating distribution."
      {...form.getInputProps("paidRelationship", { type: "checkbox" })}
    />
  </>
)
