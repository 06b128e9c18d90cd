import { type Coverage, type Rating, ratingLabels, ratings, SetCoverage } from "@folio/core"
import { Group, NumberInput, Radio, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core"
import type { FormErrors, UseFormReturnType } from "@mantine/form"
import { notifications } from "@mantine/notifications"
import { useQuery, useQueryClient } from "@tanstack/react-query"
import type { ChangeEvent } from "react"
import { useState } from "react"
import { coverageKeys, ratingDistributionQueryOptions, setCoverage } from "../../../../api/coverage"
import { FormDialog } from "../directory/FormDialog"
import { useMe } from "../directory/permissions"
import { formatTarget } from "./format"
import { AnalystSelect, CoverageTickerSelect } from "./pickers"
import { RatingBadge } from "./RatingBadge"

interface Values extends Record<string, unknown> {
  readonly symbol: string
  readonly analystId: string
  readonly rating: Rating | ""
  readonly targetPrice: number | string
  readonly targetCurrency: string
  readonly note: string
}

const valuesOf = (row: Coverage | undefined, symbol: string | undefined): Values => ({
  symbol: row?.symbol ?? symbol ?? "",
  analystId: row?.analystId ?? "",
  // A dropped row starts again from nothing but keeps its ticker and analyst.
  rating: row !== undefined && row.droppedAt === null ? row.rating : "",
  targetPrice: row !== undefined && row.droppedAt === null ? (row.targetPrice ?? "") : "",
  targetCurrency: row !== undefined && row.droppedAt === null ? (row.targetCurrency ?? "") : "",
  note: "",
})

/** What the form sends: empty optional fields left out, the analyst only when someone else is picked. */
const toInput =
  (picksAnalyst: boolean) =>
  (values: Values): unknown => ({
    symbol: values.symbol,
    ...(picksAnalyst && values.analystId !== "" ? { analystId: values.analystId } : {}),
    rating: values.rating,
    targetPrice: typeof values.targetPrice === "number" ? values.targetPrice : null,
    ...(values.targetCurrency.trim() === "" ? {} : { targetCurrency: values.targetCurrency }),
    ...(values.note.trim() === "" ? {} : { note: values.note }),
  })

const precheck =
  (picksAnalyst: boolean) =>
  (values: Values): FormErrors => ({
    ...(values.symbol === "" ? { symbol: "Pick the ticker" } : {}),
    ...(picksAnalyst && values.analystId === "" ? { analystId: "Pick the analyst who covers it" } : {}),
    ...(values.rating === "" ? { rating: "Pick a rating" } : {}),
  })

/** Nothing to send: the same call as now and no note. */
const unchanged = (row: Coverage | undefined) => (payload: SetCoverage) =>
  row !== undefined &&
  row.droppedAt === null &&
  payload.rating === row.rating &&
  payload.targetPrice === row.targetPrice &&
  (payload.targetCurrency ?? row.targetCurrency) === row.targetCurrency &&
  payload.note === undefined

/**
 * Initiate coverage (no `row`), change a call, or initiate a dropped row again. Checked with core's
 * `SetCoverage` before the server sees it; the server's refusal lands on its field or above the form.
 */
export const CoverageFormDialog = ({
  opened,
  onClose,
  row,
  symbol,
  picksAnalyst,
  onSaved,
}: {
  readonly opened: boolean
  readonly onClose: () => void
  readonly row?: Coverage | undefined
  /** The ticker a new initiation starts on (the screen's ticker filter). */
  readonly symbol?: string | undefined
  readonly picksAnalyst: boolean
  readonly onSaved?: (saved: Coverage) => void
}) => {
  const queryClient = useQueryClient()
  const editing = row !== undefined && row.droppedAt === null
  const title =
    row === undefined
      ? "Initiate coverage"
      : editing
        ? `Edit coverage of ${row.symbol}`
        : `Initiate ${row.symbol} again`
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      intro={row === undefined ? undefined : <CoveredRow row={row} />}
      initialValues={valuesOf(row, symbol)}
      schema={SetCoverage}
      toInput={toInput(picksAnalyst && row === undefined)}
      precheck={precheck(picksAnalyst && row === undefined)}
      autofocus={row === undefined ? "symbol" : "targetPrice"}
      isEmpty={unchanged(row)}
      formLabel={title}
      errorTitle="Could not save the coverage"
      submitLabel={editing ? "Save changes" : "Initiate coverage"}
      submit={(payload: SetCoverage) =>
        // Editing someone else's row keeps them the analyst.
        setCoverage(row === undefined ? payload : { ...payload, analystId: row.analystId })
      }
      onSaved={async (saved: Coverage) => {
        await queryClient.invalidateQueries({ queryKey: coverageKeys.all })
        notifications.show({
          color: "teal",
          title: editing ? "Coverage updated" : "Coverage initiated",
          message: `${saved.symbol} · ${saved.analystName}: ${ratingLabels[saved.rating]}${
            saved.targetPrice === null
              ? ""
              : `, target ${formatTarget(saved.targetPrice, saved.targetCurrency)}`
          }`,
        })
        onSaved?.(saved)
      }}
    >
      {(form) => <CoverageFields form={form} row={row} picksAnalyst={picksAnalyst} />}
    </FormDialog>
  )
}

const CoveredRow = ({ row }: { readonly row: Coverage }) => (
  <Group gap="xs" wrap="wrap">
    <Text fw={650} ff="monospace">
      {row.symbol}
    </Text>
    <Text c="dimmed" fz="sm">
      {row.tickerName} · covered by {row.analystName}
    </Text>
    {row.droppedAt === null && <RatingBadge rating={row.rating} size="sm" />}
  </Group>
)

const CoverageFields = ({
  form,
  row,
  picksAnalyst,
}: {
  readonly form: UseFormReturnType<Values>
  readonly row: Coverage | undefined
  readonly picksAnalyst: boolean
}) => {
  const me = useMe()
  const [tickerCurrency, setTickerCurrency] = useState<string | undefined>(undefined)
  const distribution = useQuery({
    ...ratingDistributionQueryOptions(),
    enabled: picksAnalyst && row === undefined,
  })
  const known = (distribution.data?.byAnalyst ?? []).map((entry) => ({
    id: entry.analystId,
    name: entry.analystName,
  }))
  return (
    <Stack gap="md">
      {row === undefined && (
        <SimpleGrid cols={{ base: 1, xs: picksAnalyst ? 2 : 1 }} spacing="md">
          <CoverageTickerSelect
            {...form.getInputProps("symbol")}
            onTicker={(ticker) => setTickerCurrency(ticker?.currency)}
          />
          {picksAnalyst && (
            <AnalystSelect companyId={me.company.id} known={known} {...form.getInputProps("analystId")} />
          )}
        </SimpleGrid>
      )}
      <Radio.Group label="Rating" {...form.getInputProps("rating")}>
        <Group gap="lg" mt={6}>
          {ratings.map((rating) => (
            <Radio key={rating} value={rating} label={ratingLabels[rating]} />
          ))}
        </Group>
      </Radio.Group>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <NumberInput
          style={{ flex: 1 }}
          label="Target price"
          min={0}
          decimalScale={2}
          thousandSeparator=","
          {...form.getInputProps("targetPrice")}
        />
        <TextInput
          w={110}
          label="Currency"
          placeholder={row?.targetCurrency ?? tickerCurrency ?? "USD"}
          maxLength={3}
          {...form.getInputProps("targetCurrency")}
          onChange={(event: ChangeEvent<HTMLInputElement>) =>
            form.setFieldValue("targetCurrency", event.currentTarget.value.toUpperCase())
          }
          autoCapitalize="characters"
          spellCheck={false}
        />
      </Group>
      <Text c="dimmed" fz="xs" mt={-8}>
        Leave the target empty for none; without a currency it is the ticker's.
      </Text>
      <Textarea
        label="Note"
        description="Kept in the history: why the call is made or changed."
        autosize
        minRows={2}
        maxRows={6}
        maxLength={500}
        {...form.getInputProps("note")}
      />
    </Stack>
  )
}
