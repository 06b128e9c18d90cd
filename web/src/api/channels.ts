import type {
  Channel,
  ChannelId,
  CreateChannel,
  CreatedChannel,
  Delivery,
  DeliveryId,
  DeliveryPage,
  DeliveryStatus,
  FeedToken,
  NewFeedToken,
  ReportId,
  RetryResult,
  RotatedSecret,
  UpdateChannel,
} from "@folio/core"
import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query"
import { callApi } from "./client"

/** The filters of the delivery log, as they appear in the URL. */
export interface DeliveryFilters {
  readonly status?: ReadonlyArray<DeliveryStatus> | undefined
  readonly channel?: ChannelId | undefined
  readonly report?: ReportId | undefined
}

export const channelKeys = {
  all: ["channels"] as const,
  list: () => [...channelKeys.all, "list"] as const,
  deliveries: () => [...channelKeys.all, "deliveries"] as const,
  deliveryList: (filters: DeliveryFilters, limit: number) =>
    [...channelKeys.deliveries(), filters, limit] as const,
  feed: () => ["profile", "feed"] as const,
}

export const channelsQueryOptions = () =>
  queryOptions({
    queryKey: channelKeys.list(),
    queryFn: (): Promise<ReadonlyArray<Channel>> => callApi((client) => client.channels.list()),
  })

const deliveryParams = (filters: DeliveryFilters, cursor: string | null, limit: number) => ({
  limit,
  ...(cursor === null ? {} : { cursor }),
  ...(filters.status && filters.status.length > 0 ? { status: filters.status } : {}),
  ...(filters.channel ? { channel: filters.channel } : {}),
  ...(filters.report ? { report: filters.report } : {}),
})

export const deliveryPageSize = 25

/** The delivery log, newest first, one keyset page after another ("Load more"). */
export const deliveriesInfiniteQueryOptions = (filters: DeliveryFilters, limit = deliveryPageSize) =>
  infiniteQueryOptions({
    queryKey: channelKeys.deliveryList(filters, limit),
    queryFn: ({ pageParam }): Promise<DeliveryPage> =>
      callApi((client) =>
        client.channels.deliveries({ urlParams: deliveryParams(filters, pageParam, limit) }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  })

export const createChannel = (payload: CreateChannel): Promise<CreatedChannel> =>
  callApi((client) => client.channels.create({ payload }))

export const updateChannel = (channelId: ChannelId, payload: UpdateChannel): Promise<Channel> =>
  callApi((client) => client.channels.update({ path: { channelId }, payload }))

export const rotateSecret = (channelId: ChannelId): Promise<RotatedSecret> =>
  callApi((client) => client.channels.rotateSecret({ path: { channelId } }))

export const sendTest = (channelId: ChannelId): Promise<Delivery> =>
  callApi((client) => client.channels.test({ path: { channelId } }))

/** Retries these deliveries now, or every dead one (of `channel` when given). */
export const retryDeliveries = (
  input: { readonly ids: ReadonlyArray<DeliveryId> } | { readonly channel?: ChannelId | undefined },
): Promise<RetryResult> =>
  callApi((client) =>
    client.channels.retry({
      payload:
        "ids" in input ? { ids: input.ids } : input.channel === undefined ? {} : { channel: input.channel },
    }),
  )

export const feedTokenQueryOptions = () =>
  queryOptions({
    queryKey: channelKeys.feed(),
    queryFn: (): Promise<FeedToken> => callApi((client) => client.channels.feedToken()),
  })

export const newFeedToken = (): Promise<NewFeedToken> => callApi((client) => client.channels.newFeedToken())

export const revokeFeedToken = (): Promise<void> => callApi((client) => client.channels.revokeFeedToken())
