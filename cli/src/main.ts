import { Command, CommanderError } from "commander"
import { registerBlackouts } from "./commands/blackouts.js"
import { registerChannels } from "./commands/channels.js"
import { registerCompanies } from "./commands/companies.js"
import { registerConfig } from "./commands/config.js"
import { registerCoverage } from "./commands/coverage.js"
import { registerDeliveries } from "./commands/deliveries.js"
import { registerDoctor } from "./commands/doctor.js"
import { registerKpis } from "./commands/kpis.js"
import { registerMaintenance } from "./commands/maintenance.js"
import { registerPodcasts } from "./commands/podcasts.js"
import { registerReports } from "./commands/reports.js"
import { registerSchedule } from "./commands/schedule.js"
import { registerSession } from "./commands/session.js"
import { registerTeams } from "./commands/teams.js"
import { registerTickers } from "./commands/tickers.js"
import { registerTokens } from "./commands/tokens.js"
import { registerUsers } from "./commands/users.js"
import { detectOutput } from "./ui/output.js"
import { renderFailure } from "./ui/render.js"
import { refuseUnknownCommand } from "./unknownCommand.js"
import { cliVersion } from "./version.js"

// Ink colours through chalk, which honours FORCE_COLOR but not NO_COLOR (https://no-color.org).
if (process.env.NO_COLOR && process.env.FORCE_COLOR === undefined) process.env.FORCE_COLOR = "0"

const program = new Command()
  .name("folio")
  .description("Folio from the command line: check a server, sign in, and script what the console does.")
  .version(cliVersion, "-v, --version", "print the version of this CLI")
  .helpOption("-h, --help", "show help for a command")
  .helpCommand("help [command]", "show help for a command")
  .showHelpAfterError("(run `folio --help` or `folio <command> --help` for usage)")
  .exitOverride()
  .addHelpText(
    "after",
    `
Environment:
  FOLIO_URL          server URL; overrides the one stored by \`folio login\`
  FOLIO_TOKEN        bearer token; overrides the stored credential (for CI)
  FOLIO_CONFIG_DIR   where credentials.json lives (default $XDG_CONFIG_HOME/folio or ~/.config/folio)
  NO_COLOR           no colour in any output
  FOLIO_DEBUG        print stack traces of unexpected errors

Exit codes: 0 success, 1 failure, 2 usage error, 3 changes pending (\`schedule apply --dry-run\`,
\`config diff\`), 4 stale digest (\`config … --if-digest\`: nothing changed), 130 cancelled,
141 output closed early.

Examples:
  $ folio doctor
  $ folio login --url http://127.0.0.1:3000 --email ada@example.com
  $ folio login --token --url https://folio.example.com
  $ folio whoami --json
  $ folio users list --company acme
  $ folio tokens create --name ci --scope read
  $ folio reports list --status in_review
  $ folio reports import ./reports --upsert
  $ folio schedule apply schedule.yaml --dry-run
  $ folio config apply config.yaml --dry-run
  $ folio channels create --name ops-hook --kind webhook --webhook-url https://ops.example.com/folio
  $ folio podcasts upload ep12.mp3 --show "Macro Weekly"
`,
  )

// A reader that stops early (`folio reports list --json | head`) closes the pipe: end quietly with
// the code a shell gives a process stopped by SIGPIPE, not with Node's unhandled-error stack.
for (const stream of [process.stdout, process.stderr])
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error
    process.exit(141)
  })

registerDoctor(program)
registerSession(program)
registerTokens(program)
registerUsers(program)
registerCompanies(program)
registerTeams(program)
registerTickers(program)
registerCoverage(program)
registerKpis(program)
registerReports(program)
registerSchedule(program)
registerBlackouts(program)
registerChannels(program)
registerDeliveries(program)
registerPodcasts(program)
registerConfig(program)
registerMaintenance(program)

try {
  refuseUnknownCommand(program, process.argv.slice(2))
  await program.parseAsync(process.argv)
} catch (error) {
  if (error instanceof CommanderError) {
    // Commander has already printed help, the version, or what was wrong with the arguments;
    // it exits 0 for asked-for help and the version, anything else is a usage error.
    process.exitCode = error.exitCode === 0 ? 0 : 2
  } else {
    process.exitCode = renderFailure(error, detectOutput({ json: process.argv.includes("--json") }))
  }
}
