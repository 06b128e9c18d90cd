import type { Command } from "commander"
import {
  action,
  addExamples,
  addJsonFlag,
  addPagingFlags,
  addUrlFlag,
  booleanFlag,
  integerIn,
  pagingFlags,
  stringFlag,
} from "../command.js"
import { registerConfigApply } from "./configApply.js"
import { addWriteFlags, loadConfig, writeFlags } from "./configFlags.js"

/** config get | set | unset | list | diff | apply | history | rollback: the configuration store. */
export const registerConfig = (program: Command): void => {
  const config = program
    .command("config")
    .summary("read and change the configuration store (declaratively, for CI)")
    .description(
      "Folio's configuration is kept in its database: known keys (maintenance, the banner, sign-in methods and " +
        "limits, …, each with a schema and a default) and free keys (any JSON; lower case letters, digits, dots, " +
        "underscores and dashes). Every change is a new version of the whole store, with who, when, a comment and the " +
        "changes; the digest names a version. Secret keys (ai.openai.apiKey, secret.*) are write-only: shown as set or " +
        "not set, never their value. Admins only. For CI, keep the keys you manage in a YAML or JSON file and " +
        "`apply` it: the plan is printed first and applied all or nothing. Exit codes: 3 a diff or dry run with " +
        "changes, 4 a stale --if-digest (nothing changed).",
    )
  addExamples(config, [
    ["folio config list", "every key, its value (secrets: set or not set), and the digest"],
    ["folio config set maintenance.retryAfterSeconds 600", "one key; the value is JSON"],
    ["folio config diff config.yaml", "what applying a file would change (exit 3 when something would)"],
    ["folio config apply config.yaml --comment 'Release 42'", "apply it, all or nothing"],
    ["folio config history maintenance.enabled", "the versions that changed a key"],
  ])

  const list = config
    .command("list")
    .summary("every key with its value, kind and last change")
    .description(
      "Prints the store's version and digest, then one row per key: KEY, VALUE (JSON, cut short; a secret shows " +
        "`(secret) set` or `(secret) not set`), KIND (known or free, and secret), UPDATED BY and UPDATED (UTC). " +
        "--json has every value in full (never a secret's).",
    )
  addUrlFlag(list)
  addJsonFlag(list)
  addExamples(list, [
    ["folio config list", ""],
    ["folio config list --json | jq -r .digest", "the digest, for --if-digest"],
  ])
  list.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await loadConfig()
      const result = await withProgress(
        "Reading the configuration…",
        runCli(service.listConfig({ url: stringFlag(command, "url") })),
        out,
      )
      await ui.renderConfigList(result, out)
      return 0
    }),
  )

  const get = config
    .command("get")
    .summary("print one key's value")
    .description(
      "Prints the key's value as JSON on stdout (a string in quotes), and what it is on stderr. A secret prints " +
        "`set` or `not set`, never its value. A key that is not set fails (exit 1).",
    )
    .argument("<key>", "a known key, or a free key")
  addUrlFlag(get)
  addJsonFlag(get)
  addExamples(get, [
    ["folio config get maintenance.enabled", "true or false"],
    ["folio config get ai.openai.apiKey", "set or not set"],
    ["folio config get banner.message --json | jq -r .value", "the text itself"],
  ])
  get.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await loadConfig()
      const result = await withProgress(
        "Reading…",
        runCli(service.getConfig({ url: stringFlag(command, "url"), key: command.args[0] ?? "" })),
        out,
      )
      ui.renderConfigGet(result, out)
      return 0
    }),
  )

  const set = config
    .command("set")
    .summary("set one key to a JSON value")
    .description(
      "Sets <key> to <json>, parsed as JSON: true, 600, '\"text\"' (a string keeps its double quotes inside the " +
        "shell's quotes), '[1, 2]', '{\"a\": 1}'. A known key's value is checked by its schema first; a free key " +
        "takes any JSON. Setting what is already there writes nothing. With --value-stdin the value is the text " +
        "piped on stdin (a string, not JSON): for a secret, so it is in no shell history or process list.",
    )
    .argument("<key>", "a known key, or a free key ([a-z0-9._-])")
    .argument("[json]", "the value, as JSON")
    .option("--value-stdin", "read the value from stdin as text (one trailing newline removed)")
  addWriteFlags(set)
  addUrlFlag(set)
  addJsonFlag(set)
  addExamples(set, [
    ["folio config set maintenance.retryAfterSeconds 600", ""],
    [
      "folio config set banner.message '\"Maintenance on Saturday 06:00 UTC\"'",
      "a string: JSON quotes inside",
    ],
    ["folio config set features.beta '{\"reports\": true}' --comment 'Beta for Acme'", "a free key"],
    [
      "printf '%s' \"$OPENAI_API_KEY\" | folio config set ai.openai.apiKey --value-stdin",
      "a secret, never on the command line",
    ],
  ])
  set.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await loadConfig()
      const { CliError } = await import("../cliError.js")
      const json = command.args[1]
      const fromStdin = booleanFlag(command, "valueStdin")
      if ((json === undefined) === !fromStdin)
        throw new CliError({
          code: "UsageError",
          message: fromStdin
            ? "Give the value as <json> or with --value-stdin, not both."
            : "Give the value: <json>, or --value-stdin.",
          exitCode: 2,
        })
      const value =
        json === undefined
          ? await (await import("../stdin.js")).readSecretFromStdin("--value-stdin")
          : await runCli(service.parseValueArgument(json))
      const result = await withProgress(
        "Setting…",
        runCli(service.setConfig({ ...writeFlags(command), key: command.args[0] ?? "", value })),
        out,
      )
      ui.renderConfigWrite(result, out)
      return 0
    }),
  )

  const unset = config
    .command("unset")
    .summary("delete a free key, unset a secret, or put a known key back to its default")
    .description(
      "Deletes a free key, unsets a secret, or puts a known key back to its default. A key that is already so is " +
        "left alone (no new version).",
    )
    .argument("<key>", "the key")
  addWriteFlags(unset)
  addUrlFlag(unset)
  addJsonFlag(unset)
  addExamples(unset, [
    ["folio config unset banner.message", "back to its default (no banner)"],
    ["folio config unset features.beta --comment 'Beta is over'", ""],
  ])
  unset.action(
    action(async (command, out) => {
      const { runCli, service, ui, withProgress } = await loadConfig()
      const result = await withProgress(
        "Unsetting…",
        runCli(service.unsetConfig({ ...writeFlags(command), key: command.args[0] ?? "" })),
        out,
      )
      ui.renderConfigWrite(result, out)
      return 0
    }),
  )

  registerConfigApply(config)

  const history = config
    .command("history")
    .summary("versions of the store, newest first, or those that changed one key")
    .description(
      "One row per version: VERSION, WHEN (UTC), BY (who made it; `(defaults)` for version 1), COMMENT (and which " +
        "version a rollback went back to) and CHANGES (a secret's without its value).",
    )
    .argument("[key]", "only the versions that changed this key")
  addPagingFlags(history, "versions")
  addUrlFlag(history)
  addJsonFlag(history)
  addExamples(history, [
    ["folio config history", "the last 50 versions"],
    ["folio config history maintenance.enabled --all", "every version that switched maintenance"],
  ])
  history.action(
    action(async (command, out) => {
      const { runCli, versions, ui, withProgress } = await loadConfig()
      const result = await withProgress(
        "Reading the history…",
        runCli(
          versions.configHistory({
            url: stringFlag(command, "url"),
            key: command.args[0],
            ...pagingFlags(command),
          }),
        ),
        out,
      )
      await ui.renderConfigHistory(result, out)
      return 0
    }),
  )

  const rollback = config
    .command("rollback")
    .summary("bring the whole store back to an earlier version (a new version)")
    .description(
      "Makes a new version whose keys are those of <version> (secrets included), and prints the changes it made. " +
        "Guarded by the digest read just before (or --if-digest): if the store moved meanwhile, nothing changes " +
        "(exit 4).",
    )
    .argument(
      "<version>",
      "the version to go back to (see `folio config history`)",
      integerIn(1, 2_147_483_647),
    )
  addWriteFlags(rollback)
  addUrlFlag(rollback)
  addJsonFlag(rollback)
  addExamples(rollback, [
    ["folio config rollback 12 --comment 'Undo the limits change'", ""],
    ["folio config rollback 12 --if-digest 3b1f…", "only if nobody changed anything since that digest"],
  ])
  rollback.action(
    action(async (command, out) => {
      const { runCli, versions, ui, withProgress } = await loadConfig()
      const version = command.processedArgs[0]
      const result = await withProgress(
        "Rolling back…",
        runCli(
          versions.rollbackConfig({
            ...writeFlags(command),
            version: typeof version === "number" ? version : 0,
          }),
        ),
        out,
      )
      ui.renderConfigRollback(result, out)
      return 0
    }),
  )
}
