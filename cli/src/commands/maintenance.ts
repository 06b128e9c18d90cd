import type { Command } from "commander"
import { action, addExamples, addJsonFlag, addUrlFlag, stringFlag } from "../command.js"
import { loadConfig } from "./configFlags.js"

/** maintenance on | off | status: the switch, as the configuration keys maintenance.*. */
export const registerMaintenance = (program: Command): void => {
  const maintenance = program
    .command("maintenance")
    .summary("switch maintenance mode on or off, or see whether it is on")
    .description(
      "Maintenance mode: signed-in people other than admins see the maintenance page with its message, and the API " +
        "answers them 503 with Retry-After; admins (and admin-scoped tokens) keep working with a banner; sign-in, " +
        "health and background jobs keep running. It is the configuration keys maintenance.enabled and " +
        "maintenance.message (and maintenance.retryAfterSeconds, with `folio config set`); each switch is a new " +
        "version of the store. `on` and `off` need an admin; `status` needs no sign-in.",
    )
  addExamples(maintenance, [
    ["folio maintenance on --message 'Back at 07:00 UTC'", ""],
    ["folio maintenance status", "on or off, the message and Retry-After"],
    ["folio maintenance off", ""],
  ])

  const writeFlags = (command: Command) => ({
    url: stringFlag(command, "url"),
    comment: stringFlag(command, "comment"),
  })
  const commentOption = "why, recorded with the new version of the configuration"

  const on = maintenance
    .command("on")
    .summary("switch maintenance on, optionally with a new message")
    .description(
      "Sets maintenance.enabled to true (and maintenance.message to --message when given) in one version. Already " +
        "on with that message: nothing is written.",
    )
    .option("--message <text>", "what the maintenance page and the 503 say (one line, up to 500 characters)")
    .option("--comment <text>", commentOption)
  addUrlFlag(on)
  addJsonFlag(on)
  addExamples(on, [
    ["folio maintenance on", "with the message already configured"],
    ["folio maintenance on --message 'Upgrading the database; back at 07:00 UTC' --comment 'Release 42'", ""],
  ])
  on.action(
    action(async (command, out) => {
      const { runCli, maintenance: service, maintenanceUi, withProgress } = await loadConfig()
      const result = await withProgress(
        "Switching maintenance on…",
        runCli(
          service.switchMaintenance({
            ...writeFlags(command),
            enabled: true,
            message: stringFlag(command, "message"),
          }),
        ),
        out,
      )
      maintenanceUi.renderMaintenanceSwitch(result, out)
      return 0
    }),
  )

  const off = maintenance
    .command("off")
    .summary("switch maintenance off")
    .description(
      "Sets maintenance.enabled to false; the message is kept for next time. Already off: nothing is written.",
    )
    .option("--comment <text>", commentOption)
  addUrlFlag(off)
  addJsonFlag(off)
  addExamples(off, [["folio maintenance off", ""]])
  off.action(
    action(async (command, out) => {
      const { runCli, maintenance: service, maintenanceUi, withProgress } = await loadConfig()
      const result = await withProgress(
        "Switching maintenance off…",
        runCli(service.switchMaintenance({ ...writeFlags(command), enabled: false })),
        out,
      )
      maintenanceUi.renderMaintenanceSwitch(result, out)
      return 0
    }),
  )

  const status = maintenance
    .command("status")
    .summary("whether maintenance is on, its message and Retry-After")
    .description(
      "Asks the server's public status (GET /api/status, which answers during maintenance): on or off, the message " +
        "and the Retry-After readers are sent. Needs no sign-in.",
    )
  addUrlFlag(status)
  addJsonFlag(status)
  addExamples(status, [
    ["folio maintenance status", ""],
    ["folio maintenance status --json | jq .enabled", "true or false"],
  ])
  status.action(
    action(async (command, out) => {
      const { runCli, maintenance: service, maintenanceUi, withProgress } = await loadConfig()
      const result = await withProgress(
        "Asking…",
        runCli(service.maintenanceStatus({ url: stringFlag(command, "url") })),
        out,
      )
      maintenanceUi.renderMaintenanceStatus(result, out)
      return 0
    }),
  )
}
