import type {
  Company,
  CompanyId,
  CompanyKind,
  CompanyPage,
  CompanyStatus,
  CreateCompany,
  UpdateCompany,
} from "@folio/core"
import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query"
import { callApi } from "./client"

/** The filters of the company list, as they appear in the URL. */
export interface CompanyFilters {
  readonly q?: string | undefined
  readonly kind?: CompanyKind | undefined
  readonly status?: CompanyStatus | undefined
}

export const companyKeys = {
  all: ["companies"] as const,
  lists: () => [...companyKeys.all, "list"] as const,
  list: (filters: CompanyFilters) => [...companyKeys.lists(), filters] as const,
  options: (q: string) => [...companyKeys.all, "options", q] as const,
  details: () => [...companyKeys.all, "detail"] as const,
  detail: (id: CompanyId) => [...companyKeys.details(), id] as const,
}

/** Only the filters that are set: `exactOptionalPropertyTypes` and the URL both prefer absent keys. */
const listParams = (filters: CompanyFilters, cursor: string | null, limit: number) => ({
  limit,
  ...(cursor === null ? {} : { cursor }),
  ...(filters.q ? { q: filters.q } : {}),
  ...(filters.kind ? { kind: filters.kind } : {}),
  ...(filters.status ? { status: filters.status } : {}),
})

export const companyPageSize = 25

/** Companies ordered by name, one keyset page after another ("Load more"). */
export const companiesInfiniteQueryOptions = (filters: CompanyFilters) =>
  infiniteQueryOptions({
    queryKey: companyKeys.list(filters),
    queryFn: ({ pageParam }): Promise<CompanyPage> =>
      callApi((client) =>
        client.companies.list({ urlParams: listParams(filters, pageParam, companyPageSize) }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })

/** The first companies matching a search, for pickers (the server searches name and slug). */
export const companyOptionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: companyKeys.options(q),
    queryFn: (): Promise<CompanyPage> =>
      callApi((client) => client.companies.list({ urlParams: listParams({ q }, null, 50) })),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  })

export const companyQueryOptions = (id: CompanyId) =>
  queryOptions({
    queryKey: companyKeys.detail(id),
    queryFn: (): Promise<Company> => callApi((client) => client.companies.get({ path: { companyId: id } })),
  })

export const createCompany = (payload: CreateCompany): Promise<Company> =>
  callApi((client) => client.companies.create({ payload }))

export const updateCompany = (id: CompanyId, payload: UpdateCompany): Promise<Company> =>
  callApi((client) => client.companies.update({ path: { companyId: id }, payload }))
