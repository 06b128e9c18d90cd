import type { Command } from "commander"
import { action, addExamples, addJsonFlag, addUrlFlag, stringFlag } from "../command.js"

const load = async () => {
  const [{ runCli }, service, ui, { withProgress }] = await Promise.all([
    import("../runtime.js"),
    import("../services/blackouts.js"),
    import("../ui/blackouts.js"),
    import("../ui/progress.js"),
  ])
  return { runCli, service, ui, withProgress }
}

const timeForms =
  'Times carry their zone: 2026-12-01T00:00:00Z, 2026-12-01T00:00+01:00 or "2026-12-01 00:00 Europe/London".'

/**
 * blackouts list | add | remove, and its sibling restricted list | add | remove: the two rules
 * that stop releases. Siblings rather than `blackouts restricted …`: a ticker is restricted
 * without any period, and `folio restricted add AAPL` reads as what it does. The nested form
 * works too (unlisted), since messages elsewhere may name it.
 */
export const registerBlackouts = (program: Command): void => {
  const blackouts = program
    .command("blackouts")
    .summary("list, add and remove blackout (quiet) periods")
    .description(
      "Blackout periods, for every report or for one ticker's: while one lasts, nothing it covers can be scheduled " +
        "in it or published, and a release already scheduled inside it is held (not published) until an editor " +
        "reschedules, unschedules or publishes it. The restricted-ticker list is the sibling command " +
        "`folio restricted`. Editors and admins.",
    )
  addExamples(blackouts, [
    ["folio blackouts list", "current and coming periods"],
    [
      'folio blackouts add --from 2026-10-20T00:00Z --to 2026-10-28T00:00Z --ticker AAPL --reason "Q4 results quiet period"',
      "",
    ],
    ["folio blackouts remove 6a1f…-…", ""],
    ["folio restricted list", "the restricted tickers"],
  ])

  const list = blackouts
    .command("list")
    .summary("list blackout periods that have not ended")
    .description(
      "Lists the blackout periods that have not ended (by --from: now unless given), soonest first. Times are UTC.",
    )
    .option("--from <when>", "periods that have not ended by this day (2026-12-01) or time with zone")
    .option("--to <when>", "periods that start before the end of this day, or this time")
  addUrlFlag(list)
  addJsonFlag(list)
  addExamples(list, [
    ["folio blackouts list", ""],
    [
      "folio blackouts list --json | jq -r '.blackouts[] | select(.ticker == null) | .reason'",
      "the global ones",
    ],
  ])
  list.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await load()
      const result = await withProgress(
        "Listing blackout periods…",
        runCli(
          service.listBlackouts({
            url: stringFlag(command, "url"),
            from: stringFlag(command, "from"),
            to: stringFlag(command, "to"),
          }),
        ),
        out,
      )
      await ui.renderBlackoutList(result, out)
      return 0
    }),
  )

  const add = blackouts
    .command("add")
    .summary("add a blackout period, for every report or one ticker")
    .description(
      `Adds a blackout period from --from to --to (it ends at --to), for every report, or only reports about --ticker. ${timeForms} ` +
        "Says which scheduled releases fall inside it: they will be held when due.",
    )
    .requiredOption("--from <time>", "when it starts, with its zone")
    .requiredOption("--to <time>", "when it ends, with its zone")
    .requiredOption("--reason <text>", "why (3–300 characters); shown to whoever is refused")
    .option("--ticker <symbol>", "only reports about this ticker (default: every report)")
  addUrlFlag(add)
  addJsonFlag(add)
  addExamples(add, [
    [
      'folio blackouts add --from "2026-12-24 00:00 Europe/London" --to "2026-12-27 00:00 Europe/London" --reason "Christmas"',
      "a global quiet period",
    ],
    [
      'folio blackouts add --from 2026-10-20T00:00Z --to 2026-10-28T00:00Z --ticker AAPL --reason "Q4 results quiet period"',
      "",
    ],
  ])
  add.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await load()
      const result = await withProgress(
        "Adding the blackout…",
        runCli(
          service.addBlackout({
            url: stringFlag(command, "url"),
            from: stringFlag(command, "from") ?? "",
            to: stringFlag(command, "to") ?? "",
            reason: stringFlag(command, "reason") ?? "",
            ticker: stringFlag(command, "ticker"),
          }),
        ),
        out,
      )
      ui.renderAddedBlackout(result, out)
      return 0
    }),
  )

  const remove = blackouts
    .command("remove")
    .summary("remove a blackout period")
    .description(
      "Removes a blackout period by id. Releases it held stay held until an editor acts (publish now, reschedule " +
        "or unschedule); those not yet due are released on time.",
    )
    .argument("<id>", "the blackout's id (see `folio blackouts list`)")
  addUrlFlag(remove)
  addJsonFlag(remove)
  addExamples(remove, [["folio blackouts remove 6a1f…-…", ""]])
  remove.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await load()
      const result = await withProgress(
        "Removing the blackout…",
        runCli(service.removeBlackout({ url: stringFlag(command, "url"), id: command.args[0] ?? "" })),
        out,
      )
      ui.renderRemovedBlackout(result, out)
      return 0
    }),
  )

  registerRestricted(program.command("restricted"))
  // The same commands under `blackouts`, unlisted, for whoever looks for them there.
  registerRestricted(blackouts.command("restricted", { hidden: true }))
}

/** restricted list | add | remove, on `command` (the `restricted` group). */
const registerRestricted = (restricted: Command): void => {
  restricted
    .summary("list, add and remove restricted tickers")
    .description(
      "The restricted-ticker list: no report about a restricted ticker can be scheduled or published, and a " +
        "scheduled one is held when due, until the ticker is taken off the list or an editor acts. Time-bound " +
        "quiet periods are `folio blackouts`. Editors and admins.",
    )
  addExamples(restricted, [
    ["folio restricted list", ""],
    ['folio restricted add AAPL --reason "Advising on the bond issue"', ""],
    ["folio restricted remove AAPL", ""],
  ])

  const restrictedList = restricted
    .command("list")
    .summary("list restricted tickers")
    .description("Lists the restricted tickers with the reason and since when.")
  addUrlFlag(restrictedList)
  addJsonFlag(restrictedList)
  addExamples(restrictedList, [
    ["folio restricted list", ""],
    ["folio restricted list --json | jq -r '.restricted[].symbol'", "the symbols"],
  ])
  restrictedList.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await load()
      const result = await withProgress(
        "Listing restricted tickers…",
        runCli(service.listRestricted({ url: stringFlag(command, "url") })),
        out,
      )
      await ui.renderRestrictedList(result, out)
      return 0
    }),
  )

  const restrictedAdd = restricted
    .command("add")
    .summary("put a ticker on the restricted list")
    .description(
      "Puts a ticker on the restricted list (or changes its reason). Says which scheduled releases it will hold.",
    )
    .argument("<symbol>", "the ticker's symbol, e.g. AAPL")
    .requiredOption("--reason <text>", "why (3–300 characters); shown to whoever is refused")
  addUrlFlag(restrictedAdd)
  addJsonFlag(restrictedAdd)
  addExamples(restrictedAdd, [['folio restricted add AAPL --reason "Advising on the bond issue"', ""]])
  restrictedAdd.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await load()
      const result = await withProgress(
        "Restricting…",
        runCli(
          service.restrictTicker({
            url: stringFlag(command, "url"),
            symbol: command.args[0] ?? "",
            reason: stringFlag(command, "reason") ?? "",
          }),
        ),
        out,
      )
      ui.renderRestricted(result, out)
      return 0
    }),
  )

  const restrictedRemove = restricted
    .command("remove")
    .summary("take a ticker off the restricted list")
    .description("Takes a ticker off the restricted list; its scheduled releases go out on time again.")
    .argument("<symbol>", "the ticker's symbol")
  addUrlFlag(restrictedRemove)
  addJsonFlag(restrictedRemove)
  addExamples(restrictedRemove, [["folio restricted remove AAPL", ""]])
  restrictedRemove.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await load()
      const result = await withProgress(
        "Unrestricting…",
        runCli(service.unrestrictTicker({ url: stringFlag(command, "url"), symbol: command.args[0] ?? "" })),
        out,
      )
      ui.renderUnrestricted(result, out)
      return 0
    }),
  )
}
