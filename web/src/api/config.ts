import {
  type ConfigHistoryPage,
  ConfigMissing,
  type ConfigOperation,
  type ConfigSnapshot,
  type SiteStatus,
  Unauthorized,
} from "@folio/core"
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query"
import { callApi } from "./client"

export const configKeys = {
  all: ["config"] as const,
  snapshot: () => [...configKeys.all, "snapshot"] as const,
  histories: () => [...configKeys.all, "history"] as const,
  history: (key: string | undefined) => [...configKeys.histories(), key ?? null] as const,
  version: (version: number) => [...configKeys.all, "version", version] as const,
}

export const siteKeys = {
  status: ["site", "status"] as const,
  configuration: ["site", "configuration"] as const,
}

/**
 * Maintenance, the banner and the sign-in methods: anonymous, and answered during maintenance
 * and when the configuration is missing, so every screen may ask. Screens that wait for it to
 * change (the maintenance page, the signed-in shell) pass their own `refetchInterval`.
 */
export const siteStatusQueryOptions = () =>
  queryOptions({
    queryKey: siteKeys.status,
    queryFn: (): Promise<SiteStatus> => callApi((client) => client.site.status()),
    staleTime: 15_000,
  })

/** Why this server has no configuration and the command that mends it, or null when it has one. */
export type ConfigAvailability =
  | { readonly missing: null }
  | { readonly missing: { readonly reason: string; readonly fix: string } }

/**
 * Whether the server has its configuration, asked where every screen asks first (the session):
 * without a snapshot every API path but health and status answers 503 ConfigMissing, signed in
 * or not, and a 401 or a session means the configuration is back.
 */
export const configAvailabilityQueryOptions = () =>
  queryOptions({
    queryKey: siteKeys.configuration,
    queryFn: async (): Promise<ConfigAvailability> => {
      try {
        await callApi((client) => client.session.me())
        return { missing: null }
      } catch (error) {
        if (error instanceof ConfigMissing) return { missing: { reason: error.reason, fix: error.fix } }
        if (error instanceof Unauthorized) return { missing: null }
        throw error
      }
    },
    staleTime: 0,
  })

/** The store as it is now: every key (secrets only say whether they are set) and its digest. */
export const configSnapshotQueryOptions = () =>
  queryOptions({
    queryKey: configKeys.snapshot(),
    queryFn: (): Promise<ConfigSnapshot> => callApi((client) => client.config.snapshot()),
    staleTime: 10_000,
  })

export const configHistoryPageSize = 20

/** Versions of the store, newest first (only those that changed `key` when one is given). */
export const configHistoryInfiniteQueryOptions = (key?: string) =>
  infiniteQueryOptions({
    queryKey: configKeys.history(key),
    queryFn: ({ pageParam }): Promise<ConfigHistoryPage> =>
      callApi((client) =>
        client.config.history({
          urlParams: {
            limit: configHistoryPageSize,
            ...(key === undefined ? {} : { key }),
            ...(pageParam === null ? {} : { cursor: pageParam }),
          },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 10_000,
  })

/** The store as it was at `version`; a version never changes once written. */
export const configVersionQueryOptions = (version: number) =>
  queryOptions({
    queryKey: configKeys.version(version),
    queryFn: (): Promise<ConfigSnapshot> => callApi((client) => client.config.version({ path: { version } })),
    staleTime: Number.POSITIVE_INFINITY,
  })

export interface ConfigChangeRequest {
  readonly operations: ReadonlyArray<ConfigOperation>
  readonly comment?: string | undefined
  /** The digest the change was made against: a store that moved on answers 412 and changes nothing. */
  readonly digest: string
}

/** One change of the store, all or nothing; answers the new snapshot. */
export const patchConfig = ({ operations, comment, digest }: ConfigChangeRequest): Promise<ConfigSnapshot> =>
  callApi((client) =>
    client.config.patch({
      headers: { "if-match": digest },
      payload: { operations, ...(comment === undefined || comment === "" ? {} : { comment }) },
    }),
  )

/** Brings the store back to `version` as a new version; answers the new snapshot. */
export const rollbackConfig = ({
  version,
  comment,
  digest,
}: {
  readonly version: number
  readonly comment?: string | undefined
  readonly digest: string
}): Promise<ConfigSnapshot> =>
  callApi((client) =>
    client.config.rollback({
      headers: { "if-match": digest },
      payload: { version, ...(comment === undefined || comment === "" ? {} : { comment }) },
    }),
  )
