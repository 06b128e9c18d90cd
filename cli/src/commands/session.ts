import type { Command } from "commander"
import { action, addExamples, addJsonFlag, addUrlFlag, booleanFlag, stringFlag } from "../command.js"

/** login, logout, whoami: the credential the other commands use. */
export const registerSession = (program: Command): void => {
  const login = program
    .command("login")
    .summary("sign in and store a credential for later commands")
    .description(
      "Signs in with email and password and stores the server URL, your email and a bearer token in " +
        "$FOLIO_CONFIG_DIR, $XDG_CONFIG_HOME/folio or ~/.config/folio (credentials.json, readable by you only).\n" +
        "The password is asked for at the terminal without echo; scripts pipe it with --password-stdin.",
    )
  addUrlFlag(login)
    .requiredOption("--email <email>", "your account's email address")
    .option("--password-stdin", "read the password from stdin instead of asking for it")
  addJsonFlag(login)
  addExamples(login, [
    ["folio login --url http://127.0.0.1:3000 --email ada@example.com", "asks for the password"],
    [
      `printf '%s' "$FOLIO_PASSWORD" | folio login --url https://folio.example.com --email ci@example.com --password-stdin`,
      "sign in from a script",
    ],
  ])
  login.action(
    action(async (command, out) => {
      const [
        { runCli },
        session,
        { promptPassword },
        { readSecretFromStdin },
        { renderLogin },
        { withProgress },
      ] = await Promise.all([
        import("../runtime.js"),
        import("../services/session.js"),
        import("../ui/prompt.js"),
        import("../stdin.js"),
        import("../ui/session.js"),
        import("../ui/progress.js"),
      ])
      const target = await runCli(
        session.loginTarget({ url: stringFlag(command, "url"), email: stringFlag(command, "email") ?? "" }),
      )
      const password = booleanFlag(command, "passwordStdin")
        ? await readSecretFromStdin("--password-stdin")
        : await promptPassword(
            {
              label: `Password for ${target.email} at ${target.url}:`,
              instead: "Pass --password-stdin and pipe the password in.",
            },
            out,
          )
      const result = await withProgress("Signing in…", runCli(session.login({ ...target, password })), out)
      renderLogin(result, out)
      return 0
    }),
  )

  const logout = program
    .command("logout")
    .summary("end the stored session and forget its credential")
    .description(
      "Ends the session of the stored credential on its server and deletes credentials.json. " +
        "FOLIO_TOKEN is never revoked or changed. Exits 1 if the server could not be told (the credential is deleted anyway).",
    )
  addJsonFlag(logout)
  addExamples(logout, [["folio logout", "sign out of the server you logged in to"]])
  logout.action(
    action(async (_command, out) => {
      const [{ runCli }, session, { renderLogout }, { withProgress }] = await Promise.all([
        import("../runtime.js"),
        import("../services/session.js"),
        import("../ui/session.js"),
        import("../ui/progress.js"),
      ])
      renderLogout(await withProgress("Signing out…", runCli(session.logout), out), out)
      return 0
    }),
  )

  const whoami = program
    .command("whoami")
    .summary("show who the configured credential belongs to")
    .description("Asks the server whose credential is in use (FOLIO_TOKEN, else the stored login).")
  addUrlFlag(whoami)
  addJsonFlag(whoami)
  addExamples(whoami, [
    ["folio whoami", "show the signed-in user"],
    ["FOLIO_URL=https://folio.example.com FOLIO_TOKEN=… folio whoami --json", "check a CI token"],
  ])
  whoami.action(
    action(async (command, out) => {
      const [{ runCli }, session, { renderWhoami }, { credentialPath }, { withProgress }] = await Promise.all(
        [
          import("../runtime.js"),
          import("../services/session.js"),
          import("../ui/session.js"),
          import("../credentials.js"),
          import("../ui/progress.js"),
        ],
      )
      const identity = await withProgress(
        "Asking Folio…",
        runCli(session.whoami({ url: stringFlag(command, "url") })),
        out,
      )
      await renderWhoami(identity, credentialPath(), out)
      return 0
    }),
  )
}
