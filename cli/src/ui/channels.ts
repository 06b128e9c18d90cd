import { type Channel, plural } from "@folio/core"
import type {
  ChannelList,
  CreatedChannel,
  RotatedChannelSecret,
  TestedChannel,
  UpdatedChannel,
} from "../services/channels.js"
import type { Output } from "./output.js"
import { renderDone, renderDoneNote, renderJson, renderNote, renderOutcome, renderWarning } from "./render.js"
import { type Column, renderTable } from "./table.js"
import { visible } from "./terminalText.js"
import { utcText } from "./times.js"

/** Where a channel sends: a webhook's URL, an email channel's narrowing, or the private feeds. */
const targetText = (channel: Channel): string => {
  switch (channel.kind) {
    case "webhook":
      return channel.url ?? ""
    case "rss":
      return "each reader's private feed"
    case "email": {
      if (channel.companyIds.length === 0 && channel.teamIds.length === 0) return "every entitled reader"
      const parts = [
        channel.companyIds.length > 0 ? plural(channel.companyIds.length, "company", "companies") : "",
        channel.teamIds.length > 0 ? plural(channel.teamIds.length, "team") : "",
      ].filter((part) => part !== "")
      return `entitled readers in ${parts.join(" and ")}`
    }
  }
}

const enabledText = (channel: Channel): string =>
  channel.enabled ? "yes" : channel.disabledReason === null ? "no" : `no: ${channel.disabledReason}`

const columns: ReadonlyArray<Column<Channel>> = [
  { header: "NAME", value: (channel) => channel.name },
  { header: "KIND", value: (channel) => channel.kind },
  {
    header: "ENABLED",
    value: enabledText,
    tone: (channel) => (channel.enabled ? undefined : channel.disabledReason === null ? "gray" : "red"),
  },
  { header: "TARGET", value: targetText, flexible: true },
  { header: "PENDING", value: (channel) => String(channel.counts.pending), optional: true },
  { header: "DELIVERED", value: (channel) => String(channel.counts.delivered), optional: true },
  {
    header: "FAILED",
    value: (channel) => String(channel.counts.failed),
    tone: (channel) => (channel.counts.failed > 0 ? "yellow" : undefined),
  },
  {
    header: "DEAD",
    value: (channel) => String(channel.counts.dead),
    tone: (channel) => (channel.counts.dead > 0 ? "red" : undefined),
  },
  { header: "ID", value: (channel) => channel.id, tone: () => "gray" },
]

export const renderChannelList = async (result: ChannelList, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  if (result.channels.length === 0) {
    renderNote(
      "There are no channels. Create one with `folio channels create --name NAME --kind email`.",
      out,
    )
    return
  }
  await renderTable(columns, result.channels, out)
}

const describe = (channel: Channel): string => `${channel.kind} channel "${channel.name}" (${channel.id})`

/**
 * A webhook's secret alone on stdout (so `… > secret` captures it) with the warning on stderr;
 * other kinds have no secret, and their result line is on stdout.
 */
export const renderCreatedChannel = (result: CreatedChannel, out: Output): void => {
  if (out.json) {
    renderJson({ ok: true, ...result })
    return
  }
  const { channel } = result
  const line = `Created ${describe(channel)}${channel.enabled ? "" : ", disabled"}: ${targetText(channel)}.`
  if (result.secret === null) {
    renderDone(line, out)
    return
  }
  process.stdout.write(`${visible(result.secret)}\n`)
  renderDoneNote(line, out)
  renderWarning(
    "This signing secret is shown only now and will not be shown again: store it with the receiver, which " +
      "verifies each delivery's webhook-signature header with it (Standard Webhooks). " +
      `\`folio channels rotate-secret ${channel.name}\` makes a new one.`,
    out,
  )
}

export const renderUpdatedChannel = async (result: UpdatedChannel, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  const { channel, before } = result
  const changed: Array<string> = []
  if (channel.name !== before.name) changed.push(`name ${before.name} → ${channel.name}`)
  if (channel.url !== before.url) changed.push(`url ${channel.url ?? "-"}`)
  if (channel.enabled !== before.enabled) changed.push(channel.enabled ? "enabled" : "disabled")
  if (
    channel.companyIds.join() !== before.companyIds.join() ||
    channel.teamIds.join() !== before.teamIds.join()
  )
    changed.push(`sends to ${targetText(channel)}`)
  renderDone(
    changed.length === 0
      ? `${describe(channel)} was already so; nothing changed.`
      : `Updated ${describe(channel)}: ${changed.join(", ")}.`,
    out,
  )
  if (!channel.enabled && channel.counts.pending > 0)
    renderNote(
      `${plural(channel.counts.pending, "pending delivery", "pending deliveries")} wait until it is enabled again.`,
      out,
    )
}

export const renderRotatedSecret = (result: RotatedChannelSecret, out: Output): void => {
  if (out.json) {
    renderJson({ ok: true, ...result })
    return
  }
  process.stdout.write(`${visible(result.secret)}\n`)
  renderDoneNote(`Rotated the signing secret of ${describe(result.channel)}.`, out)
  renderWarning(
    `This secret is shown only now and will not be shown again. Deliveries are signed with both the new and the old secret until ${utcText(result.previousValidUntil)}: update the receiver before then.`,
    out,
  )
}

/** Returns the exit code: 1 when a waited-for test did not arrive. */
export const renderTestedChannel = (result: TestedChannel, out: Output): number => {
  const { delivery, channel } = result
  const ended = delivery.status !== "pending" && delivery.status !== "sending"
  const code = delivery.status === "delivered" || (!ended && !result.timedOut) ? 0 : 1
  if (out.json) {
    renderJson({ ok: code === 0, ...result })
    return code
  }
  if (delivery.status === "delivered")
    renderOutcome(
      true,
      `Test delivery ${delivery.id} through "${channel.name}" arrived (${plural(delivery.attempts, "attempt")}).`,
      out,
    )
  else if (delivery.status === "pending" || delivery.status === "sending")
    renderOutcome(
      !result.timedOut,
      result.timedOut
        ? `Test delivery ${delivery.id} through "${channel.name}" is still ${delivery.status} after waiting.`
        : `Queued test delivery ${delivery.id} (channel.test) through "${channel.name}".`,
      out,
    )
  else
    renderOutcome(
      false,
      `Test delivery ${delivery.id} through "${channel.name}" ${delivery.status === "dead" ? "is dead" : "failed"}: ${delivery.lastError ?? "no reason given"}.`,
      out,
    )
  if (code === 0 && delivery.status !== "delivered")
    renderNote(`Follow it with \`folio deliveries list --channel ${channel.name}\`, or pass --wait.`, out)
  else if (delivery.status === "failed" && delivery.nextAttemptAt !== null)
    renderNote(`It is retried at ${utcText(delivery.nextAttemptAt)}.`, out)
  return code
}
