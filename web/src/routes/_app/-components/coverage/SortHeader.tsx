import type { CoverageSort } from "@folio/core"
import { Table, UnstyledButton } from "@mantine/core"
import { ChevronDownIcon } from "../../../../components/icons"
import classes from "./CoverageScreen.module.css"
import { ChevronUpIcon, SelectorIcon } from "./icons"

export type SortField = Exclude<CoverageSort, `-${string}`>

/** Without `sort` in the URL the server lists by symbol. */
export const defaultSort: CoverageSort = "symbol"

/** The sort after a click on `field`'s header: the other way round when it is the current one. */
export const nextSort = (current: CoverageSort, field: SortField, descendingFirst: boolean): CoverageSort => {
  if (current === field) return `-${field}` as const
  if (current === `-${field}`) return field
  return descendingFirst ? (`-${field}` as const) : field
}

/**
 * A column header that sorts the list by its field (a button, so the keyboard reaches it) and
 * tells screen readers the current order with `aria-sort`.
 */
export const SortHeader = ({
  label,
  field,
  sort,
  onSort,
  descendingFirst = false,
  align,
}: {
  readonly label: string
  readonly field: SortField
  readonly sort: CoverageSort
  readonly onSort: (sort: CoverageSort) => void
  /** Dates and prices read best newest or highest first. */
  readonly descendingFirst?: boolean
  readonly align?: "right"
}) => {
  const order = sort === field ? "ascending" : sort === `-${field}` ? "descending" : undefined
  const Icon = order === "ascending" ? ChevronUpIcon : order === "descending" ? ChevronDownIcon : SelectorIcon
  return (
    <Table.Th aria-sort={order ?? "none"} ta={align}>
      <UnstyledButton
        className={classes.sort}
        data-active={order === undefined ? undefined : true}
        onClick={() => onSort(nextSort(sort, field, descendingFirst))}
      >
        {label}
        <Icon size={14} className={classes.sortIcon} />
      </UnstyledButton>
    </Table.Th>
  )
}
