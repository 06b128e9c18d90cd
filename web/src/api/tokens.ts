import type { ApiToken, ApiTokenId, CreateApiToken, CreatedApiToken } from "@folio/core"
import { queryOptions } from "@tanstack/react-query"
import { callApi } from "./client"

export const tokenKeys = {
  all: ["tokens"] as const,
  list: () => ["tokens", "list"] as const,
}

/** The signed-in user's API tokens (never their secrets: only a hint is stored in clear). */
export const tokensQueryOptions = () =>
  queryOptions({
    queryKey: tokenKeys.list(),
    queryFn: (): Promise<ReadonlyArray<ApiToken>> => callApi((client) => client.tokens.list()),
    staleTime: 30_000,
  })

/** Creates a token; the answer holds the secret, which the server never shows again. */
export const createToken = (payload: CreateApiToken): Promise<CreatedApiToken> =>
  callApi((client) => client.tokens.create({ payload }))

export const revokeToken = (tokenId: ApiTokenId): Promise<void> =>
  callApi((client) => client.tokens.revoke({ path: { tokenId } }))
