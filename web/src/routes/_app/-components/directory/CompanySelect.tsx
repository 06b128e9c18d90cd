import type { Company, CompanyId } from "@folio/core"
import { Select } from "@mantine/core"
import { useDebouncedValue } from "@mantine/hooks"
import { useQuery } from "@tanstack/react-query"
import { type Ref, useMemo, useState } from "react"
import { companyOptionsQueryOptions, companyQueryOptions } from "../../../../api/companies"

/**
 * Picks a company by name; the server does the searching, so it works however many clients there
 * are. `onChange` hands over the whole company (its kind decides which roles its people may have).
 */
export const CompanySelect = ({
  value,
  onChange,
  label,
  placeholder = "Search companies",
  error,
  clearable = false,
  required = false,
  disabled = false,
  description,
  ref,
  style,
}: {
  readonly value: CompanyId | undefined
  readonly onChange: (company: Company | undefined) => void
  readonly label: string
  readonly placeholder?: string
  readonly error?: string | undefined
  readonly clearable?: boolean
  readonly required?: boolean
  readonly disabled?: boolean
  readonly description?: string
  readonly ref?: Ref<HTMLInputElement>
  readonly style?: React.CSSProperties
}) => {
  const [search, setSearch] = useState("")
  const [query] = useDebouncedValue(search, 250)
  const options = useQuery(companyOptionsQueryOptions(query))
  const inOptions = options.data?.items.find((company) => company.id === value)
  // The chosen company may not be among the results of the current search: fetch it by id.
  const chosen = useQuery({
    ...companyQueryOptions(value as CompanyId),
    enabled: value !== undefined && !inOptions,
  })
  const selected = inOptions ?? (value !== undefined ? chosen.data : undefined)

  const companies = useMemo(() => {
    const list = [...(options.data?.items ?? [])]
    if (selected && !list.some((company) => company.id === selected.id)) list.unshift(selected)
    return list
  }, [options.data, selected])

  return (
    <Select
      ref={ref}
      label={label}
      placeholder={placeholder}
      searchable
      clearable={clearable}
      required={required}
      withAsterisk={false}
      disabled={disabled}
      description={description}
      error={error}
      style={style}
      data={companies.map((company) => ({
        value: company.id as string,
        label: company.name,
      }))}
      value={selected?.id ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={options.isFetching ? "Searching…" : "No company matches"}
      onChange={(id) => onChange(companies.find((company) => company.id === id))}
      comboboxProps={{ withinPortal: true }}
    />
  )
}
