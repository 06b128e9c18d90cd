import { type Command, Option } from "commander"
import {
  action,
  addExamples,
  addJsonFlag,
  addUrlFlag,
  booleanFlag,
  choiceFlag,
  collectEach,
  integerIn,
  listFlag,
  numberFlag,
  stringFlag,
} from "../command.js"

// Kept here rather than imported from @folio/core, so that `--help` loads no Effect.
const kinds = ["email", "webhook", "rss"] as const

const load = async () => {
  const [{ runCli }, service, ui, { withProgress }] = await Promise.all([
    import("../runtime.js"),
    import("../services/channels.js"),
    import("../ui/channels.js"),
    import("../ui/progress.js"),
  ])
  return { runCli, service, ui, withProgress }
}

const addAudienceFlags = (command: Command): Command =>
  command
    .option(
      "--company <slug>",
      "email: only entitled readers of this company (repeat for more; slug, name or id)",
      collectEach,
    )
    .option(
      "--team <company/team>",
      'email: only entitled readers in this team, e.g. "acme/Macro desk" (repeat)',
      collectEach,
    )

/** channels list | create | update | enable | disable | test | rotate-secret. */
export const registerChannels = (program: Command): void => {
  const channels = program
    .command("channels")
    .summary("list, create and change delivery channels; send a test")
    .description(
      "Channels carry each published report to its readers: email (to the entitled users of the audience, narrowed " +
        "by --company/--team), a webhook (a JSON POST signed per Standard Webhooks with a whsec_ secret) or rss " +
        "(each reader's private feed). A channel is named by its name or id. The delivery log is `folio deliveries`. " +
        "Editors and admins.",
    )
  addExamples(channels, [
    ["folio channels list", "channels with their delivery counts"],
    [
      "folio channels create --name ops-hook --kind webhook --webhook-url https://ops.example.com/folio",
      "prints the secret once",
    ],
    ["folio channels test ops-hook --wait", "send a test and wait for it to arrive"],
    ["folio deliveries list --status dead", "what did not arrive"],
  ])

  const list = channels
    .command("list")
    .summary("list channels with their delivery counts")
    .description(
      "Lists every channel: kind, whether it is enabled (and why not, when the server turned it off: a webhook " +
        "that answered 410 Gone), where it sends, and how many of its deliveries are pending, delivered, failed " +
        "(being retried) and dead (retries used up).",
    )
  addUrlFlag(list)
  addJsonFlag(list)
  addExamples(list, [
    ["folio channels list", ""],
    [
      "folio channels list --json | jq -r '.channels[] | select(.counts.dead > 0) | .name'",
      "channels with dead deliveries",
    ],
  ])
  list.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await load()
      const result = await withProgress(
        "Listing channels…",
        runCli(service.listChannels({ url: stringFlag(command, "url") })),
        out,
      )
      await ui.renderChannelList(result, out)
      return 0
    }),
  )

  const create = channels
    .command("create")
    .summary("create a channel (a webhook's secret is printed once)")
    .description(
      "Creates a channel. A webhook needs --webhook-url (--url is the Folio server's, as everywhere); the server refuses loopback, private, link-local and metadata " +
        "addresses unless its operator allows that network. A new webhook's signing secret (whsec_…) is printed on " +
        "stdout, alone, and never shown again; everything else goes to stderr, so `… > secret` captures it. An email " +
        "channel goes to every entitled reader of a report's audience, or only those of --company/--team.",
    )
    .requiredOption("--name <name>", "the channel's name (unique, at most 80 characters)")
    .addOption(new Option("--kind <kind>", "email, webhook or rss").choices(kinds).makeOptionMandatory())
    .option("--webhook-url <url>", "webhook: where to POST, https://…")
    .option("--disabled", "create it turned off (enable it with `folio channels enable`)")
  addAudienceFlags(create)
  addUrlFlag(create)
  addJsonFlag(create)
  addExamples(create, [
    [
      "folio channels create --name ops-hook --kind webhook --webhook-url https://ops.example.com/folio > ops-hook.secret",
      "the secret alone goes to the file",
    ],
    ["folio channels create --name clients --kind email", "every entitled reader"],
    ['folio channels create --name acme-desk --kind email --company acme --team "globex/Macro desk"', ""],
    ["folio channels create --name feeds --kind rss", "private feeds"],
  ])
  create.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await load()
      const result = await withProgress(
        "Creating the channel…",
        runCli(
          service.createChannel({
            url: stringFlag(command, "url"),
            name: stringFlag(command, "name") ?? "",
            kind: choiceFlag(command, "kind", kinds) ?? "email",
            webhookUrl: stringFlag(command, "webhookUrl"),
            companies: listFlag(command, "company"),
            teams: listFlag(command, "team"),
            disabled: booleanFlag(command, "disabled"),
          }),
        ),
        out,
      )
      ui.renderCreatedChannel(result, out)
      return 0
    }),
  )

  const update = channels
    .command("update")
    .summary("rename a channel, change its URL or its email audience")
    .description(
      "Changes what is given: --name, --webhook-url, and an email channel's audience: --company and --team " +
        "replace the whole narrowing, --everyone clears it (every entitled reader).",
    )
    .argument("<channel>", "the channel's name or id")
    .option("--name <name>", "a new name")
    .option("--webhook-url <url>", "webhook: a new URL to POST to")
    .option("--everyone", "email: send to every entitled reader (clears --company and --team)")
  addAudienceFlags(update)
  addUrlFlag(update)
  addJsonFlag(update)
  addExamples(update, [
    ["folio channels update ops-hook --webhook-url https://ops.example.com/folio/v2", ""],
    ["folio channels update clients --company acme --company globex", "only these two companies"],
    ["folio channels update clients --everyone", ""],
  ])
  update.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await load()
      const result = await withProgress(
        "Saving…",
        runCli(
          service.updateChannel({
            url: stringFlag(command, "url"),
            ref: command.args[0] ?? "",
            name: stringFlag(command, "name"),
            webhookUrl: stringFlag(command, "webhookUrl"),
            companies: listFlag(command, "company"),
            teams: listFlag(command, "team"),
            everyone: booleanFlag(command, "everyone"),
          }),
        ),
        out,
      )
      await ui.renderUpdatedChannel(result, out)
      return 0
    }),
  )

  for (const [verb, enabled] of [
    ["enable", true],
    ["disable", false],
  ] as const) {
    const toggle = channels
      .command(verb)
      .summary(enabled ? "turn a channel on" : "turn a channel off (its deliveries wait)")
      .description(
        enabled
          ? "Turns a channel on: new releases are delivered through it, and its pending deliveries go out. Also " +
              "turns on a webhook the server disabled after a 410 Gone."
          : "Turns a channel off: no new deliveries are made through it until it is enabled again.",
      )
      .argument("<channel>", "the channel's name or id")
    addUrlFlag(toggle)
    addJsonFlag(toggle)
    addExamples(toggle, [[`folio channels ${verb} ops-hook`, ""]])
    toggle.action(
      action(async (command, out) => {
        const { runCli, service, ui, withProgress } = await load()
        const result = await withProgress(
          enabled ? "Enabling…" : "Disabling…",
          runCli(
            service.updateChannel({ url: stringFlag(command, "url"), ref: command.args[0] ?? "", enabled }),
          ),
          out,
        )
        await ui.renderUpdatedChannel(result, out)
        return 0
      }),
    )
  }

  const test = channels
    .command("test")
    .summary("send a test delivery through a channel")
    .description(
      "Queues a `channel.test` delivery through the channel. With --wait, follows it in the delivery log until it " +
        "arrives (exit 0) or fails (exit 1, with the receiver's error), for at most the seconds given (default 30).",
    )
    .argument("<channel>", "the channel's name or id")
    .addOption(
      new Option("--wait [seconds]", "wait for the outcome, 1–300 seconds (default 30)").argParser(
        integerIn(1, 300),
      ),
    )
  addUrlFlag(test)
  addJsonFlag(test)
  addExamples(test, [
    ["folio channels test ops-hook", "queue it and return"],
    ["folio channels test ops-hook --wait", "exit 1 unless it arrives within 30 s"],
  ])
  test.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await load()
      const wait: unknown = command.getOptionValue("wait")
      const result = await withProgress(
        wait === undefined ? "Sending a test…" : "Sending a test and waiting for it…",
        runCli(
          service.testChannel({
            url: stringFlag(command, "url"),
            ref: command.args[0] ?? "",
            waitSeconds: wait === true ? 30 : numberFlag(command, "wait"),
          }),
        ),
        out,
      )
      return ui.renderTestedChannel(result, out)
    }),
  )

  const rotate = channels
    .command("rotate-secret")
    .summary("make a webhook's new signing secret (printed once)")
    .description(
      "Makes a new signing secret for a webhook channel and prints it on stdout, once. For 24 hours deliveries " +
        "carry signatures with both the new and the old secret, so the receiver can switch without missing any.",
    )
    .argument("<channel>", "the webhook channel's name or id")
  addUrlFlag(rotate)
  addJsonFlag(rotate)
  addExamples(rotate, [["folio channels rotate-secret ops-hook > ops-hook.secret", ""]])
  rotate.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await load()
      const result = await withProgress(
        "Rotating the secret…",
        runCli(service.rotateSecret({ url: stringFlag(command, "url"), ref: command.args[0] ?? "" })),
        out,
      )
      ui.renderRotatedSecret(result, out)
      return 0
    }),
  )
}
