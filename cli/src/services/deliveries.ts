/** `folio deliveries list | retry`: the delivery log of every channel, and retrying what failed. */
import { ChannelId, type Delivery, DeliveryId, type DeliveryStatus, ReportId } from "@folio/core"
import { Effect, Schema } from "effect"
import { call, signedInTarget } from "../api.js"
import { CliError } from "../cliError.js"
import { resolveChannel } from "./channels.js"
import { collectPages, defined, type Paging } from "./lookup.js"
import { resolveReportId } from "./reports.js"

interface Flags {
  readonly url?: string | undefined
}

export interface DeliveryList {
  readonly url: string
  readonly deliveries: ReadonlyArray<Delivery>
  readonly nextCursor: string | null
}

export const listDeliveries = (
  input: Flags &
    Paging & {
      readonly status?: ReadonlyArray<DeliveryStatus> | undefined
      readonly channel?: string | undefined
      readonly report?: string | undefined
    },
): Effect.Effect<DeliveryList, CliError> =>
  Effect.gen(function* () {
    const target = yield* signedInTarget(input)
    const channel =
      input.channel === undefined
        ? undefined
        : ChannelId.make((yield* resolveChannel(target, input.channel)).id)
    const report =
      input.report === undefined ? undefined : ReportId.make(yield* resolveReportId(target, input.report))
    const status = input.status !== undefined && input.status.length > 0 ? input.status : undefined
    const page = yield* collectPages(input, (paging) =>
      call(target, (client) =>
        client.channels.deliveries({ urlParams: defined({ status, channel, report, ...paging }) }),
      ),
    )
    return { url: target.url, deliveries: page.items, nextCursor: page.nextCursor }
  })

export interface RetriedDeliveries {
  readonly url: string
  readonly retried: number
  /** What was asked: these ids, or every dead delivery (of `channel`). */
  readonly ids: ReadonlyArray<string> | null
  readonly channel: string | null
}

const decodeIds = Schema.decodeUnknown(Schema.Array(DeliveryId))

export const retryDeliveries = (
  input: Flags & {
    readonly ids: ReadonlyArray<string>
    readonly allDead: boolean
    readonly channel?: string | undefined
  },
): Effect.Effect<RetriedDeliveries, CliError> =>
  Effect.gen(function* () {
    const usage = (message: string, hint?: string) =>
      new CliError({ code: "UsageError", message, hint, exitCode: 2 })
    if (input.ids.length > 0 && input.allDead)
      return yield* Effect.fail(usage("Give delivery ids or --all-dead, not both."))
    if (input.ids.length === 0 && !input.allDead)
      return yield* Effect.fail(
        usage(
          "Say which deliveries to retry: their ids, or --all-dead.",
          "Find them with `folio deliveries list --status dead,failed`.",
        ),
      )
    if (input.ids.length > 0 && input.channel !== undefined)
      return yield* Effect.fail(usage("--channel narrows --all-dead; with ids, leave it out."))
    const ids =
      input.ids.length === 0
        ? undefined
        : yield* decodeIds(input.ids.map((id) => id.trim())).pipe(
            Effect.mapError(() =>
              usage("A delivery is named by its id (a UUID).", "Find them with `folio deliveries list`."),
            ),
          )
    const target = yield* signedInTarget(input)
    const channel = input.channel === undefined ? undefined : yield* resolveChannel(target, input.channel)
    const result = yield* call(target, (client) =>
      client.channels.retry({
        payload: defined({ ids, channel: channel === undefined ? undefined : ChannelId.make(channel.id) }),
      }),
    )
    return { url: target.url, retried: result.retried, ids: ids ?? null, channel: channel?.name ?? null }
  })
