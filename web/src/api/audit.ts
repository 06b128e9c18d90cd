import type { AuditPage, UserId } from "@folio/core"
import { infiniteQueryOptions } from "@tanstack/react-query"
import { lazyApi } from "./lazy"

export const auditKeys = {
  all: ["audit"] as const,
  user: (userId: UserId) => [...auditKeys.all, "user", userId] as const,
}

export const activityPageSize = 10

/** What a user did and what was done to their account, newest first, one keyset page at a time. */
export const userActivityInfiniteQueryOptions = (userId: UserId) =>
  infiniteQueryOptions({
    queryKey: auditKeys.user(userId),
    queryFn: ({ pageParam }): Promise<AuditPage> =>
      lazyApi((client) =>
        client.audit.list({
          urlParams: {
            userId,
            limit: activityPageSize,
            ...(pageParam === null ? {} : { cursor: pageParam }),
          },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  })
