import { type Command, InvalidArgumentError } from "commander"
import { action, addExamples, addJsonFlag, addUrlFlag, integerIn, stringFlag } from "../command.js"

// Kept here rather than imported from @folio/core, so that `--help` loads no Effect.
const scopes = ["read", "write", "admin"] as const
type Scope = (typeof scopes)[number]

/** `--scope read --scope write` and `--scope read,write` both collect ["read", "write"]. */
const collectScopes = (raw: string, previous: ReadonlyArray<Scope> | undefined): ReadonlyArray<Scope> => {
  const parsed = raw
    .split(",")
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== "")
  if (parsed.length === 0) throw new InvalidArgumentError("Give read, write or admin.")
  const next: Array<Scope> = [...(previous ?? [])]
  for (const part of parsed) {
    const scope = scopes.find((candidate) => candidate === part)
    if (scope === undefined)
      throw new InvalidArgumentError(`"${part}" is not a scope: use read, write or admin.`)
    if (!next.includes(scope)) next.push(scope)
  }
  return next
}

const expiry = (raw: string): number | "never" =>
  raw.trim().toLowerCase() === "never" ? "never" : integerIn(1, 366)(raw)

export const defaultExpiryDays = 90

/** tokens list | create | revoke: the caller's own API tokens. */
export const registerTokens = (program: Command): void => {
  const tokens = program
    .command("tokens")
    .summary("list, create and revoke your API tokens")
    .description(
      "Your personal API tokens (folio_pat_…), for scripts and CI: send one as FOLIO_TOKEN, or store it with " +
        "`folio login --token`. Developers and admins have tokens. A token never does more than its owner's role " +
        "allows, and only what its scopes allow: read (GET requests), write (changes), admin (admin-only changes). " +
        "Scopes nest: write includes read, and admin includes write and read, so a token that reads and writes " +
        "needs only write.",
    )
  addExamples(tokens, [
    ["folio tokens list", "your tokens, newest first"],
    ["folio tokens create --name ci --scope read", "a read-only token for 90 days"],
    ["folio tokens revoke ci", "revoke it by name (or id)"],
  ])

  const list = tokens
    .command("list")
    .summary("list your API tokens")
    .description("Lists your API tokens that are not revoked, newest first. Secrets are never shown again.")
  addUrlFlag(list)
  addJsonFlag(list)
  addExamples(list, [
    ["folio tokens list", "name, scopes, expiry and last use of each token"],
    [
      "folio tokens list --json | jq -r '.tokens[] | select(.lastUsedAt == null) | .id'",
      "ids of unused tokens",
    ],
  ])
  list.action(
    action(async (command, out) => {
      const [{ runCli }, service, { renderTokenList }, { withProgress }] = await Promise.all([
        import("../runtime.js"),
        import("../services/tokens.js"),
        import("../ui/tokens.js"),
        import("../ui/progress.js"),
      ])
      const result = await withProgress(
        "Listing tokens…",
        runCli(service.listTokens({ url: stringFlag(command, "url") })),
        out,
      )
      await renderTokenList(result, out)
      return 0
    }),
  )

  const create = tokens
    .command("create")
    .summary("create an API token and print its secret once")
    .description(
      "Creates an API token and prints its secret on stdout — the only time it is shown (the server keeps only a " +
        "hash). Everything else goes to stderr, so `folio tokens create … > file` captures the secret alone. " +
        "Creating a token needs the admin scope when you are signed in with a token yourself.",
    )
    .requiredOption("--name <name>", "what the token is for, e.g. ci-deploy (at most 80 characters)")
    .requiredOption(
      "--scope <scopes>",
      "read, write or admin; repeat the flag or give a comma list (read,write)",
      collectScopes,
    )
    .option(
      "--expires-in-days <days>",
      `days until the token stops working, 1–366, or never (default ${defaultExpiryDays})`,
      expiry,
    )
  addUrlFlag(create)
  addJsonFlag(create)
  addExamples(create, [
    ["folio tokens create --name ci --scope read", "read-only, expires in 90 days"],
    [
      "folio tokens create --name deploy --scope write --expires-in-days 30 > deploy.token",
      "the secret alone goes to the file",
    ],
    [
      "folio tokens create --name admin-bot --scope admin --expires-in-days never",
      "a token that never expires",
    ],
    [
      "folio tokens create --name ci --scope read --json | jq -r .secret",
      "the secret from the JSON document",
    ],
  ])
  create.action(
    action(async (command, out) => {
      const [{ runCli }, service, { renderCreatedToken }, { withProgress }] = await Promise.all([
        import("../runtime.js"),
        import("../services/tokens.js"),
        import("../ui/tokens.js"),
        import("../ui/progress.js"),
      ])
      const raw: unknown = command.getOptionValue("expiresInDays")
      const result = await withProgress(
        "Creating the token…",
        runCli(
          service.createToken({
            url: stringFlag(command, "url"),
            name: stringFlag(command, "name") ?? "",
            scopes: command.getOptionValue("scope") as ReadonlyArray<Scope>,
            expiresInDays: raw === "never" ? null : typeof raw === "number" ? raw : defaultExpiryDays,
          }),
        ),
        out,
      )
      renderCreatedToken(result, out)
      return 0
    }),
  )

  const revoke = tokens
    .command("revoke")
    .summary("revoke one of your API tokens")
    .description(
      "Revokes one of your API tokens, by id or by name (when only one of your tokens has that name). " +
        "It stops working at once.",
    )
    .argument("<token>", "the token's id or name (see `folio tokens list`)")
  addUrlFlag(revoke)
  addJsonFlag(revoke)
  addExamples(revoke, [
    ["folio tokens revoke ci", "revoke the token named ci"],
    ["folio tokens revoke 3f0c2a9e-…", "revoke by id"],
  ])
  revoke.action(
    action(async (command, out) => {
      const [{ runCli }, service, { renderRevokedToken }, { withProgress }] = await Promise.all([
        import("../runtime.js"),
        import("../services/tokens.js"),
        import("../ui/tokens.js"),
        import("../ui/progress.js"),
      ])
      const result = await withProgress(
        "Revoking the token…",
        runCli(service.revokeToken({ url: stringFlag(command, "url"), ref: command.args[0] ?? "" })),
        out,
      )
      renderRevokedToken(result, out)
      return 0
    }),
  )
}
