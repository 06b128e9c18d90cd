import type { Command } from "commander"
import { action, addExamples, addJsonFlag, addUrlFlag, stringFlag } from "../command.js"

export const registerDoctor = (program: Command): void => {
  const doctor = program
    .command("doctor")
    .summary("check that a Folio server, its database and your credential work")
    .description(
      "Checks a Folio server: whether it answers, its version and deployment id, the database and its latency, " +
        "whether migrations are up to date and, when a credential is configured, whether it is accepted and whose it is.\n" +
        "Exits 0 only when every check passes.",
    )
  addUrlFlag(doctor)
  addJsonFlag(doctor)
  addExamples(doctor, [
    ["folio doctor", "check the server you logged in to (or http://127.0.0.1:3000)"],
    ["folio doctor --url https://folio.example.com", "check another server"],
    ["folio doctor --json | jq .database.latencyMs", "read one figure in a script"],
  ])
  doctor.action(
    action(async (command, out) => {
      const [{ runCli }, { doctor: runDoctor }, { renderDoctor }, { withProgress }] = await Promise.all([
        import("../runtime.js"),
        import("../services/doctor.js"),
        import("../ui/doctor.js"),
        import("../ui/progress.js"),
      ])
      const report = await withProgress(
        "Checking Folio…",
        runCli(runDoctor({ url: stringFlag(command, "url") })),
        out,
      )
      return renderDoctor(report, out)
    }),
  )
}
