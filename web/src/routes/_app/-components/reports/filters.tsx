import { type CompanyId, statusLabels, type UserId } from "@folio/core"
import { TextInput } from "@mantine/core"
import { deferred } from "../../../../components/deferred"
import { ChevronDownIcon } from "../../../../components/icons"
import { parseStatuses } from "./search"

/**
 * The reports list's comboboxes (status, ticker, author). Their code (Mantine's combobox and the
 * floating layer under it) is a sixth of the console's first load and the list does not need it
 * to show, so it loads right after the first screen (`deferred`). Until then each filter is drawn
 * as a read-only field of the same label, size and value, marked unavailable.
 */
const Standing = ({
  label,
  text,
  placeholder,
  width,
}: {
  readonly label: string
  readonly text: string
  readonly placeholder: string
  readonly width: number
}) => (
  <TextInput
    label={label}
    value={text}
    placeholder={placeholder}
    readOnly
    aria-disabled="true"
    rightSection={<ChevronDownIcon size={14} />}
    rightSectionPointerEvents="none"
    w={{ base: "100%", xs: width }}
  />
)

interface FilterProps<Value> {
  readonly value: Value | undefined
  readonly onChange: (value: Value | undefined) => void
}

export const StatusFilter = deferred(
  () => import("./pickers").then((module) => module.StatusFilter),
  ({ value }: FilterProps<string>) => (
    <Standing
      label="Status"
      text={parseStatuses(value)
        .map((status) => statusLabels[status])
        .join(", ")}
      placeholder="Any status"
      width={220}
    />
  ),
)

export const TickerFilter = deferred(
  () => import("./pickers").then((module) => module.TickerFilter),
  ({ value }: FilterProps<string>) => (
    <Standing label="Ticker" text={value ?? ""} placeholder="Any ticker" width={150} />
  ),
)

export const AuthorFilter = deferred(
  () => import("./pickers").then((module) => module.AuthorFilter),
  ({ value }: FilterProps<UserId> & { readonly companyId: CompanyId }) => (
    // The author's name comes with the combobox's first search; until then it is not known here.
    <Standing label="Author" text="" placeholder={value === undefined ? "Anyone" : "Loading…"} width={180} />
  ),
)
