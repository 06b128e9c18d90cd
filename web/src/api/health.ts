import type { Health } from "@folio/core"
import { queryOptions } from "@tanstack/react-query"
import { callApi } from "./client"

export const healthKeys = {
  all: ["health"] as const,
}

/** Server version, deployment, database and migration state. Cheap to ask, so kept fresh. */
export const healthQueryOptions = () =>
  queryOptions({
    queryKey: healthKeys.all,
    queryFn: (): Promise<Health> => callApi((client) => client.health.health()),
    staleTime: 15_000,
    refetchInterval: 30_000,
  })
