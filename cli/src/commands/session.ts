import { type Command, Option } from "commander"
import { CliError } from "../cliError.js"
import { action, addExamples, addJsonFlag, addUrlFlag, booleanFlag, stringFlag } from "../command.js"

/** login, logout, whoami: the credential the other commands use. */
export const registerSession = (program: Command): void => {
  const login = program
    .command("login")
    .summary("sign in (password or API token) and store a credential for later commands")
    .description(
      "Signs in and stores the server URL, your email and a bearer token in " +
        "$FOLIO_CONFIG_DIR, $XDG_CONFIG_HOME/folio or ~/.config/folio (credentials.json, readable by you only).\n\n" +
        "With --email it signs in with your password, which is asked for at the terminal without echo " +
        "(scripts pipe it with --password-stdin).\n" +
        "With --token it stores a token you already have (an API token from `folio tokens create` or the console): " +
        "from --token-stdin, else $FOLIO_TOKEN, else asked for at the terminal without echo. " +
        "The token is checked with the server (GET /api/session) first; a rejected token is not stored.",
    )
  addUrlFlag(login)
    .option("--email <email>", "your account's email address (password sign-in)")
    .option("--password-stdin", "read the password from stdin instead of asking for it")
    .addOption(
      new Option("--token", "sign in with an API token instead of a password").conflicts([
        "email",
        "passwordStdin",
      ]),
    )
    .addOption(
      new Option("--token-stdin", "read the token from stdin (implies --token)").conflicts([
        "email",
        "passwordStdin",
      ]),
    )
  addJsonFlag(login)
  addExamples(login, [
    ["folio login --url http://127.0.0.1:3000 --email ada@example.com", "asks for the password"],
    [
      `printf '%s' "$FOLIO_PASSWORD" | folio login --url https://folio.example.com --email ci@example.com --password-stdin`,
      "sign in from a script",
    ],
    [
      "folio login --token --url https://folio.example.com",
      "asks for an API token (folio_pat_…) and stores it",
    ],
    [
      `printf '%s' "$FOLIO_PAT" | folio login --token-stdin --url https://folio.example.com`,
      "store a token piped in by a script",
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
        { renderNote },
      ] = await Promise.all([
        import("../runtime.js"),
        import("../services/session.js"),
        import("../ui/prompt.js"),
        import("../stdin.js"),
        import("../ui/session.js"),
        import("../ui/progress.js"),
        import("../ui/render.js"),
      ])
      const url = stringFlag(command, "url")
      const tokenStdin = booleanFlag(command, "tokenStdin")
      if (booleanFlag(command, "token") || tokenStdin) {
        const target = await runCli(session.tokenLoginTarget({ url }))
        const envToken = process.env.FOLIO_TOKEN?.trim()
        let token: string
        if (tokenStdin) token = await readSecretFromStdin("--token-stdin")
        else if (envToken) {
          renderNote("Using the token in FOLIO_TOKEN.", out)
          token = envToken
        } else
          token = await promptPassword(
            {
              label: `API token for ${target.url}:`,
              instead: "Pass --token-stdin and pipe the token in, or set FOLIO_TOKEN.",
              secret: "token",
            },
            out,
          )
        const result = await withProgress(
          "Checking the token…",
          runCli(session.loginWithToken({ url: target.url, token })),
          out,
        )
        renderLogin(result, out)
        return 0
      }
      const email = stringFlag(command, "email")
      if (email === undefined)
        throw new CliError({
          code: "UsageError",
          message:
            "folio login needs --email EMAIL (to sign in with a password) or --token (to store an API token).",
          exitCode: 2,
        })
      const target = await runCli(session.loginTarget({ url, email }))
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
