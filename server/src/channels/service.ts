import { SqlClient } from "@effect/sql"
import {
  type Actor,
  Conflict,
  type CreateChannel,
  type DeliveryListParams,
  NotFound,
  type RetryDeliveries,
  type UpdateChannel,
  ValidationError,
} from "@folio/core"
import { Effect, Option } from "effect"
import { Audit } from "../audit/audit.js"
import { AppConfig } from "../config.js"
import { defaultPageSize } from "../db/keyset.js"
import { timeCursor, timePage } from "../db/timeCursor.js"
import { enqueue } from "../jobs/worker.js"
import { DeliveriesRepo } from "./deliveriesRepo.js"
import { ChannelsRepo } from "./repo.js"
import { newWebhookSecret } from "./webhook.js"
import { webhookTargetProblem } from "./webhookTarget.js"

/** How long a rotated-out webhook secret keeps signing, so receivers can switch over. */
const rotationOverlapHours = 24

export const deliveryJobKey = (id: string) => `deliver:${id}`

const channelNotFound = () => new NotFound({ message: "No such channel." })

/** Channels, the delivery log, retries, test sends and corrections. Editors and admins. */
export class Channels extends Effect.Service<Channels>()("@folio/server/Channels", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* ChannelsRepo
    const deliveriesRepo = yield* DeliveriesRepo
    const audit = yield* Audit
    const config = yield* AppConfig

    const get = (id: string) =>
      repo
        .find(id)
        .pipe(
          Effect.flatMap(
            Option.match({ onNone: () => Effect.fail(channelNotFound()), onSome: Effect.succeed }),
          ),
        )

    const checkUrl = (url: string) =>
      Effect.promise(() => webhookTargetProblem(url, config.webhookAllowNetworks)).pipe(
        Effect.flatMap((problem) =>
          problem ? Effect.fail(ValidationError.field("url", problem)) : Effect.void,
        ),
      )

    /** Companies and teams of an email channel must exist, and each team belong to a named company or stand alone. */
    const checkAudience = (companyIds: ReadonlyArray<string>, teamIds: ReadonlyArray<string>) =>
      Effect.gen(function* () {
        if ((yield* repo.countClientCompanies(companyIds)) !== new Set(companyIds).size)
          return yield* ValidationError.field(
            "companyIds",
            "Every company must be an existing client company",
          )
        if ((yield* repo.countTeams(teamIds)) !== new Set(teamIds).size)
          return yield* ValidationError.field("teamIds", "Every team must exist")
      })

    const create = (actor: Actor, input: CreateChannel) =>
      Effect.gen(function* () {
        if (input.kind === "webhook" && input.url) yield* checkUrl(input.url)
        if (input.kind === "email") yield* checkAudience(input.companyIds, input.teamIds)
        const secret = input.kind === "webhook" ? newWebhookSecret() : null
        const id = yield* repo.insert({
          name: input.name,
          kind: input.kind,
          enabled: input.enabled,
          companyIds: input.kind === "email" ? input.companyIds : [],
          teamIds: input.kind === "email" ? input.teamIds : [],
          url: input.kind === "webhook" ? input.url : null,
          secret,
        })
        yield* audit.record({
          action: "channel.create",
          actor: actor.user,
          target: { type: "channel", id },
          after: { name: input.name, kind: input.kind, url: input.url, enabled: input.enabled },
        })
        return { channel: yield* get(id).pipe(Effect.orDie), secret }
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const update = (actor: Actor, id: string, patch: UpdateChannel) =>
      Effect.gen(function* () {
        const before = yield* get(id)
        if (patch.url !== undefined) {
          if (before.kind !== "webhook")
            return yield* ValidationError.field("url", "Only a webhook channel has a URL")
          yield* checkUrl(patch.url)
        }
        if (before.kind === "email" && (patch.companyIds || patch.teamIds))
          yield* checkAudience(patch.companyIds ?? before.companyIds, patch.teamIds ?? before.teamIds)
        yield* repo.update(id, {
          name: patch.name ?? before.name,
          enabled: patch.enabled ?? before.enabled,
          clearDisabledReason: patch.enabled === true,
          companyIds: patch.companyIds ?? before.companyIds,
          teamIds: patch.teamIds ?? before.teamIds,
          url: patch.url ?? before.url,
        })
        yield* audit.record({
          action:
            patch.enabled === false
              ? "channel.disable"
              : patch.enabled === true
                ? "channel.enable"
                : "channel.update",
          actor: actor.user,
          target: { type: "channel", id },
          before: { name: before.name, enabled: before.enabled, url: before.url },
          after: patch,
        })
        return yield* get(id)
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const rotateSecret = (actor: Actor, id: string) =>
      Effect.gen(function* () {
        const channel = yield* get(id)
        if (channel.kind !== "webhook")
          return yield* new Conflict({ message: "Only a webhook channel has a signing secret." })
        const secret = newWebhookSecret()
        const until = yield* repo.rotateSecret(id, secret, rotationOverlapHours)
        yield* audit.record({
          action: "channel.rotate_secret",
          actor: actor.user,
          target: { type: "channel", id },
        })
        return { secret, previousValidUntil: until }
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const deliveries = (params: DeliveryListParams) =>
      Effect.gen(function* () {
        const limit = params.limit ?? defaultPageSize
        const after = yield* timeCursor(params.cursor, "uuid")
        const rows = yield* repo.deliveries(params, after, limit + 1)
        const page = timePage(rows, limit, (row) => ({ at: row.cursorAt, id: row.item.id }))
        return { items: page.items.map((row) => row.item), nextCursor: page.nextCursor }
      })

    const test = (actor: Actor, id: string) =>
      Effect.gen(function* () {
        const channel = yield* get(id)
        if (!channel.enabled)
          return yield* new Conflict({ message: "This channel is disabled; enable it to send a test." })
        const deliveryId = yield* repo.insertTest(id)
        yield* enqueue("deliver", { deliveryId }, { jobKey: deliveryJobKey(deliveryId) })
        yield* audit.record({ action: "channel.test", actor: actor.user, target: { type: "channel", id } })
        return yield* repo.delivery(deliveryId)
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const retry = (actor: Actor, request: RetryDeliveries) =>
      Effect.gen(function* () {
        const ids = yield* repo.requeue(request)
        for (const deliveryId of ids)
          yield* enqueue("deliver", { deliveryId }, { jobKey: deliveryJobKey(deliveryId) })
        if (ids.length > 0)
          yield* audit.record({
            action: "delivery.retry",
            actor: actor.user,
            after: { count: ids.length, ids: ids.slice(0, 50) },
          })
        return { retried: ids.length }
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const redeliver = (actor: Actor, reportId: string, note: string) =>
      Effect.gen(function* () {
        const locked = yield* repo.lockReport(reportId)
        if (Option.isNone(locked))
          return yield* new NotFound({ message: "No such report, or it is not available to you." })
        const report = locked.value
        if (report.status !== "published")
          return yield* new Conflict({ message: "Only a published report can be delivered again." })
        yield* deliveriesRepo.createForReports([reportId], "report.corrected", report.version, note)
        yield* audit.record({
          action: "report.redeliver",
          actor: actor.user,
          target: { type: "report", id: reportId },
          after: { version: report.version, note },
        })
        return yield* repo.corrections(reportId, report.version)
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    return { list: repo.list, create, update, rotateSecret, test, deliveries, retry, redeliver } as const
  }),
  dependencies: [ChannelsRepo.Default, DeliveriesRepo.Default, Audit.Default],
}) {}
