import type { Command } from "commander"
import {
  action,
  addExamples,
  addJsonFlag,
  addPagingFlags,
  addUrlFlag,
  booleanFlag,
  collectChoices,
  pagingFlags,
  stringFlag,
} from "../command.js"

// Kept here rather than imported from @folio/core, so that `--help` loads no Effect.
const statuses = ["pending", "sending", "delivered", "failed", "dead"] as const
type Status = (typeof statuses)[number]

/** `--status dead,failed` (or repeated): each one checked, so a typo is a usage error. */
const collectStatuses = collectChoices(statuses, "status")

const statusFlag = (command: Command): ReadonlyArray<Status> | undefined => {
  const value: unknown = command.getOptionValue("status")
  return Array.isArray(value) ? statuses.filter((status) => value.includes(status)) : undefined
}

const load = async () => {
  const [{ runCli }, service, ui, { withProgress }] = await Promise.all([
    import("../runtime.js"),
    import("../services/deliveries.js"),
    import("../ui/deliveries.js"),
    import("../ui/progress.js"),
  ])
  return { runCli, service, ui, withProgress }
}

/** deliveries list | retry: the delivery log of every channel. */
export const registerDeliveries = (program: Command): void => {
  const deliveries = program
    .command("deliveries")
    .summary("the delivery log: list deliveries, retry failed and dead ones")
    .description(
      "A delivery is one report × channel × tier (the audience entries sharing one embargo delay). It is pending " +
        "until its tier's time, then sending; a failed one is retried with back-off for at least 24 hours and ends " +
        "dead. Channels are `folio channels`. Editors and admins.",
    )
  addExamples(deliveries, [
    ["folio deliveries list --status dead,failed", "what has not arrived"],
    ["folio deliveries retry --all-dead", "try every dead delivery again now"],
  ])

  const list = deliveries
    .command("list")
    .summary("list deliveries, newest first")
    .description(
      "Lists deliveries, newest first: status, event, channel, report, tier, attempts, when it arrived or is next " +
        "tried, and the last error. Prints one page (50 unless --limit says otherwise); --all follows the cursors.",
    )
    .option(
      "--status <statuses>",
      `only these statuses: ${statuses.join(", ")} (comma-separate or repeat)`,
      collectStatuses,
    )
    .option("--channel <channel>", "only this channel (its name or id)")
    .option("--report <report>", "only this report (its externalId or id)")
  addPagingFlags(list, "deliveries")
  addUrlFlag(list)
  addJsonFlag(list)
  addExamples(list, [
    ["folio deliveries list", "the 50 newest"],
    ["folio deliveries list --status dead,failed --channel ops-hook", ""],
    ["folio deliveries list --report rt-apple-1 --all", "everything sent for one report"],
    ["folio deliveries list --status dead --all --json | jq -r '.deliveries[].id'", "ids of dead deliveries"],
  ])
  list.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await load()
      const result = await withProgress(
        "Listing deliveries…",
        runCli(
          service.listDeliveries({
            url: stringFlag(command, "url"),
            status: statusFlag(command),
            channel: stringFlag(command, "channel"),
            report: stringFlag(command, "report"),
            ...pagingFlags(command),
          }),
        ),
        out,
      )
      await ui.renderDeliveryList(result, out)
      return 0
    }),
  )

  const retry = deliveries
    .command("retry")
    .summary("retry deliveries now: by id, or every dead one")
    .description(
      "Tries failed or dead deliveries again now, from a fresh set of attempts: the ones named by id, or with " +
        "--all-dead every dead delivery (of --channel, when given).",
    )
    .argument("[ids...]", "delivery ids (see `folio deliveries list`)")
    .option("--all-dead", "every dead delivery")
    .option("--channel <channel>", "with --all-dead: only this channel's (name or id)")
  addUrlFlag(retry)
  addJsonFlag(retry)
  addExamples(retry, [
    ["folio deliveries retry 9b2e…-… 41c7…-…", "these two"],
    ["folio deliveries retry --all-dead --channel ops-hook", "every dead delivery of one channel"],
  ])
  retry.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await load()
      const result = await withProgress(
        "Retrying…",
        runCli(
          service.retryDeliveries({
            url: stringFlag(command, "url"),
            ids: command.args,
            allDead: booleanFlag(command, "allDead"),
            channel: stringFlag(command, "channel"),
          }),
        ),
        out,
      )
      ui.renderRetried(result, out)
      return 0
    }),
  )
}
