/**
 * `folio channels …`: where published reports go (email, signed webhooks, private feeds).
 * Channels are named by name or id; email audiences by company slug and `company/team`.
 */
import {
  type Channel,
  ChannelId,
  type ChannelKind,
  CompanyId,
  CreateChannel,
  type Delivery,
  TeamId,
  UpdateChannel,
} from "@folio/core"
import { Effect, Schema } from "effect"
import { call, signedInTarget, type Target } from "../api.js"
import { CliError } from "../cliError.js"
import { collectPages, defined, resolveCompany } from "./lookup.js"
import { decodeInput } from "./validate.js"

interface Flags {
  readonly url?: string | undefined
}

const uuid = Schema.is(Schema.UUID)
const isUuid = (text: string): boolean => uuid(text)

/** A channel by id or by name (names are unique; letter case is forgiven when it is unambiguous). */
export const resolveChannel = (target: Target, ref: string): Effect.Effect<Channel, CliError> =>
  Effect.gen(function* () {
    const text = ref.trim()
    const channels = yield* call(target, (client) => client.channels.list())
    const exact = channels.find((channel) => channel.id === text || channel.name === text)
    if (exact !== undefined) return exact
    const folded = channels.filter((channel) => channel.name.toLowerCase() === text.toLowerCase())
    if (folded.length === 1 && folded[0] !== undefined) return folded[0]
    return yield* Effect.fail(
      new CliError({
        code: "NotFound",
        message: isUuid(text) ? `No channel has the id ${text}.` : `No channel is named "${text}".`,
        hint:
          channels.length === 0
            ? "There are no channels yet: create one with `folio channels create`."
            : `The channels are ${channels
                .map((channel) => channel.name)
                .sort()
                .slice(0, 10)
                .join(", ")}${channels.length > 10 ? ", …" : ""}.`,
      }),
    )
  })

/** `acme/Macro desk`: a team by its company's slug (or id) and its name (or id). */
const resolveTeam = (target: Target, ref: string): Effect.Effect<TeamId, CliError> =>
  Effect.gen(function* () {
    const slash = ref.indexOf("/")
    if (slash <= 0 || slash === ref.length - 1)
      return yield* Effect.fail(
        new CliError({
          code: "UsageError",
          message: `--team takes company/team, like "acme/Macro desk", not ${JSON.stringify(ref)}.`,
          exitCode: 2,
        }),
      )
    const company = yield* resolveCompany(target, "--team", ref.slice(0, slash))
    const name = ref.slice(slash + 1).trim()
    if (isUuid(name)) return TeamId.make(name)
    const teams = yield* collectPages({ all: true }, (paging) =>
      call(target, (client) =>
        client.teams.list({ path: { companyId: company.id }, urlParams: defined({ q: name, ...paging }) }),
      ),
    )
    const team = teams.items.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase())
    if (team === undefined)
      return yield* Effect.fail(
        new CliError({
          code: "NotFound",
          message: `--team ${ref}: ${company.slug} has no team named "${name}".`,
          hint: `List them with \`folio teams list --company ${company.slug}\`.`,
        }),
      )
    return TeamId.make(team.id)
  })

const resolveAudience = (
  target: Target,
  companies: ReadonlyArray<string> | undefined,
  teams: ReadonlyArray<string> | undefined,
): Effect.Effect<{ companyIds?: ReadonlyArray<CompanyId>; teamIds?: ReadonlyArray<TeamId> }, CliError> =>
  Effect.gen(function* () {
    const companyIds =
      companies === undefined
        ? undefined
        : yield* Effect.forEach(companies, (ref) =>
            resolveCompany(target, "--company", ref).pipe(
              Effect.map((company) => CompanyId.make(company.id)),
            ),
          )
    const teamIds =
      teams === undefined ? undefined : yield* Effect.forEach(teams, (ref) => resolveTeam(target, ref))
    return defined({ companyIds, teamIds })
  })

export interface ChannelList {
  readonly url: string
  readonly channels: ReadonlyArray<Channel>
}

export const listChannels = (input: Flags): Effect.Effect<ChannelList, CliError> =>
  Effect.gen(function* () {
    const target = yield* signedInTarget(input)
    const channels = yield* call(target, (client) => client.channels.list())
    return { url: target.url, channels }
  })

export interface CreatedChannel {
  readonly url: string
  readonly channel: Channel
  /** A webhook's signing secret: in this answer only. */
  readonly secret: string | null
}

export const createChannel = (
  input: Flags & {
    readonly name: string
    readonly kind: ChannelKind
    readonly webhookUrl?: string | undefined
    readonly companies?: ReadonlyArray<string> | undefined
    readonly teams?: ReadonlyArray<string> | undefined
    readonly disabled: boolean
  },
): Effect.Effect<CreatedChannel, CliError> =>
  Effect.gen(function* () {
    const flags = {
      name: "--name",
      kind: "--kind",
      url: "--webhook-url",
      companyIds: "--company",
      teamIds: "--team",
    }
    // Checked before any lookup, so a wrong flag fails before a request.
    yield* decodeInput(
      CreateChannel,
      { name: input.name, kind: input.kind, url: input.webhookUrl ?? null, enabled: !input.disabled },
      flags,
    )
    if (input.kind !== "email" && ((input.companies?.length ?? 0) > 0 || (input.teams?.length ?? 0) > 0))
      return yield* Effect.fail(
        new CliError({
          code: "UsageError",
          message: "--company and --team narrow an email channel; a webhook or feed channel takes neither.",
          exitCode: 2,
        }),
      )
    if (input.kind !== "webhook" && input.webhookUrl !== undefined)
      return yield* Effect.fail(
        new CliError({ code: "UsageError", message: "--webhook-url is for a webhook channel.", exitCode: 2 }),
      )
    const target = yield* signedInTarget(input)
    const audience = yield* resolveAudience(target, input.companies, input.teams)
    const payload = yield* decodeInput(
      CreateChannel,
      {
        name: input.name,
        kind: input.kind,
        enabled: !input.disabled,
        url: input.webhookUrl ?? null,
        ...audience,
      },
      flags,
    )
    const created = yield* call(target, (client) => client.channels.create({ payload }))
    return { url: target.url, ...created }
  })

export interface UpdatedChannel {
  readonly url: string
  readonly channel: Channel
  readonly before: Channel
}

export const updateChannel = (
  input: Flags & {
    readonly ref: string
    readonly name?: string | undefined
    readonly webhookUrl?: string | undefined
    readonly companies?: ReadonlyArray<string> | undefined
    readonly teams?: ReadonlyArray<string> | undefined
    /** Clear the companies and teams: every entitled reader. */
    readonly everyone?: boolean | undefined
    readonly enabled?: boolean | undefined
  },
): Effect.Effect<UpdatedChannel, CliError> =>
  Effect.gen(function* () {
    const flags = {
      name: "--name",
      url: "--webhook-url",
      companyIds: "--company",
      teamIds: "--team",
      enabled: "--enable",
    }
    if (input.everyone === true && (input.companies !== undefined || input.teams !== undefined))
      return yield* Effect.fail(
        new CliError({
          code: "UsageError",
          message: "--everyone clears --company and --team; give one or the other.",
          exitCode: 2,
        }),
      )
    yield* decodeInput(UpdateChannel, defined({ name: input.name, url: input.webhookUrl }), flags)
    const target = yield* signedInTarget(input)
    const before = yield* resolveChannel(target, input.ref)
    const audience =
      input.everyone === true
        ? { companyIds: [], teamIds: [] }
        : yield* resolveAudience(target, input.companies, input.teams)
    const payload = yield* decodeInput(
      UpdateChannel,
      { ...defined({ name: input.name, url: input.webhookUrl, enabled: input.enabled }), ...audience },
      flags,
    )
    if (Object.keys(payload).length === 0)
      return yield* Effect.fail(
        new CliError({
          code: "UsageError",
          message: "Nothing to change: give --name, --webhook-url, --company, --team or --everyone.",
          exitCode: 2,
        }),
      )
    const channelId = ChannelId.make(before.id)
    const channel = yield* call(target, (client) => client.channels.update({ path: { channelId }, payload }))
    return { url: target.url, channel, before }
  })

export interface RotatedChannelSecret {
  readonly url: string
  readonly channel: Channel
  readonly secret: string
  readonly previousValidUntil: Date
}

export const rotateSecret = (
  input: Flags & { readonly ref: string },
): Effect.Effect<RotatedChannelSecret, CliError> =>
  Effect.gen(function* () {
    const target = yield* signedInTarget(input)
    const channel = yield* resolveChannel(target, input.ref)
    const channelId = ChannelId.make(channel.id)
    const rotated = yield* call(target, (client) => client.channels.rotateSecret({ path: { channelId } }))
    return { url: target.url, channel, ...rotated }
  })

export interface TestedChannel {
  readonly url: string
  readonly channel: Channel
  /** As queued, or as it ended when waited for. */
  readonly delivery: Delivery
  /** Waited for, and it did not end within the time allowed. */
  readonly timedOut: boolean
}

const settled = (delivery: Delivery): boolean =>
  delivery.status === "delivered" || delivery.status === "dead" || delivery.status === "failed"

/** Queues a `channel.test` delivery; with `waitSeconds`, follows it in the delivery log until it ends. */
export const testChannel = (
  input: Flags & { readonly ref: string; readonly waitSeconds?: number | undefined },
): Effect.Effect<TestedChannel, CliError> =>
  Effect.gen(function* () {
    const target = yield* signedInTarget(input)
    const channel = yield* resolveChannel(target, input.ref)
    const channelId = ChannelId.make(channel.id)
    const queued = yield* call(target, (client) => client.channels.test({ path: { channelId } }))
    if (input.waitSeconds === undefined || settled(queued))
      return { url: target.url, channel, delivery: queued, timedOut: false }
    const deadline = Date.now() + input.waitSeconds * 1000
    let latest = queued
    while (Date.now() < deadline) {
      yield* Effect.sleep("500 millis")
      const page = yield* call(target, (client) =>
        client.channels.deliveries({ urlParams: { channel: channelId, limit: 50 } }),
      )
      latest = page.items.find((delivery) => delivery.id === queued.id) ?? latest
      if (settled(latest)) return { url: target.url, channel, delivery: latest, timedOut: false }
    }
    return { url: target.url, channel, delivery: latest, timedOut: true }
  })
