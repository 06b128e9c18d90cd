import { Argument, type Command, Option } from "commander"
import {
  action,
  addExamples,
  addJsonFlag,
  addPagingFlags,
  addUrlFlag,
  choiceFlag,
  pagingFlags,
  stringFlag,
} from "../command.js"

// Kept here rather than imported from @folio/core, so that `--help` loads no Effect.
export const roles = ["admin", "editor", "analyst", "developer", "reader"] as const
const statuses = ["invited", "active", "disabled"] as const

/** users list | invite | set-role | disable | enable: the user directory. */
export const registerUsers = (program: Command): void => {
  const users = program
    .command("users")
    .summary("list, invite and manage users")
    .description(
      "The user directory. Readers and developers see the people of their own company; inviting, changing " +
        "roles and disabling are for admins. A user is named by email or id (a name works when no one else has it).",
    )
  addExamples(users, [
    ["folio users list --company acme", "the people of one company"],
    [
      "folio users invite --email grace@acme.com --name 'Grace Hopper' --company acme --role reader",
      "invite someone",
    ],
    ["folio users set-role grace@acme.com developer", "change a role"],
    ["folio users disable grace@acme.com", "sign someone out everywhere and keep them out"],
  ])

  const list = users
    .command("list")
    .summary("list users, filtered by company, role, status or a search")
    .description(
      "Lists users by name. Prints one page (50 unless --limit says otherwise); --all follows the cursors to the end, " +
        "and without it a note on stderr says how to get the next page.",
    )
    .option("--company <company>", "only this company's people (its slug or id)")
    .addOption(new Option("--role <role>", "only this role").choices(roles))
    .addOption(new Option("--status <status>", "only this status").choices(statuses))
    .option("--search <text>", "name or email contains this text (any letter case)")
  addPagingFlags(list, "users")
  addUrlFlag(list)
  addJsonFlag(list)
  addExamples(list, [
    ["folio users list", "the first 50 users you can see"],
    ["folio users list --company acme --status invited", "who has not accepted an invitation yet"],
    ["folio users list --role admin --all", "every admin"],
    ["folio users list --search hopper", "find someone"],
    ["folio users list --all --json | jq -r '.users[].email'", "every email address"],
  ])
  list.action(
    action(async (command, out) => {
      const [{ runCli }, service, { renderUserList }, { withProgress }] = await Promise.all([
        import("../runtime.js"),
        import("../services/users.js"),
        import("../ui/users.js"),
        import("../ui/progress.js"),
      ])
      const result = await withProgress(
        "Listing users…",
        runCli(
          service.listUsers({
            url: stringFlag(command, "url"),
            company: stringFlag(command, "company"),
            role: choiceFlag(command, "role", roles),
            status: choiceFlag(command, "status", statuses),
            search: stringFlag(command, "search")?.trim(),
            ...pagingFlags(command),
          }),
        ),
        out,
      )
      await renderUserList(result, out)
      return 0
    }),
  )

  const invite = users
    .command("invite")
    .summary("invite someone by email (admin)")
    .description(
      "Creates the user as invited and has the server email them a link to set their password (valid 7 days). " +
        "Without SMTP_URL the server sends nothing; the link is printed only in its development mail log (FOLIO_DEV_MAIL_LOG). " +
        "People of client companies can be readers or developers; the publisher's people can have any role.",
    )
    .requiredOption("--email <email>", "their email address")
    .requiredOption("--name <name>", "their full name")
    .requiredOption("--company <company>", "their company (its slug or id)")
    .addOption(new Option("--role <role>", "their role").choices(roles).makeOptionMandatory())
  addUrlFlag(invite)
  addJsonFlag(invite)
  addExamples(invite, [
    ["folio users invite --email grace@acme.com --name 'Grace Hopper' --company acme --role reader", ""],
    [
      "folio users invite --email lin@folio.example --name 'Lin Chen' --company folio --role analyst --json",
      "",
    ],
  ])
  invite.action(
    action(async (command, out) => {
      const [{ runCli }, service, { renderInvited }, { withProgress }] = await Promise.all([
        import("../runtime.js"),
        import("../services/users.js"),
        import("../ui/users.js"),
        import("../ui/progress.js"),
      ])
      const result = await withProgress(
        "Inviting…",
        runCli(
          service.inviteUser({
            url: stringFlag(command, "url"),
            email: stringFlag(command, "email") ?? "",
            name: stringFlag(command, "name") ?? "",
            company: stringFlag(command, "company") ?? "",
            role: choiceFlag(command, "role", roles) ?? "reader",
          }),
        ),
        out,
      )
      await renderInvited(result, out)
      return 0
    }),
  )

  const setRole = users
    .command("set-role")
    .summary("change a user's role (admin)")
    .description(
      "Changes a user's role. The server refuses (409) to demote the last active admin, and refuses publisher " +
        "roles for people of client companies.",
    )
    .argument("<user>", "their email or id")
    .addArgument(new Argument("<role>", "the new role").choices(roles))
  addUrlFlag(setRole)
  addJsonFlag(setRole)
  addExamples(setRole, [
    ["folio users set-role grace@acme.com developer", ""],
    ["folio users set-role 0b7e…-… admin", "by id"],
  ])
  setRole.action(
    action(async (command, out) => {
      const [{ runCli }, service, { renderUserChange }, { withProgress }] = await Promise.all([
        import("../runtime.js"),
        import("../services/users.js"),
        import("../ui/users.js"),
        import("../ui/progress.js"),
      ])
      const [user = "", role = ""] = command.args
      const result = await withProgress(
        "Changing the role…",
        runCli(
          service.setUserRole({
            url: stringFlag(command, "url"),
            user,
            role: roles.find((candidate) => candidate === role) ?? "reader",
          }),
        ),
        out,
      )
      renderUserChange(result, "role", out)
      return 0
    }),
  )

  for (const [name, status] of [
    ["disable", "disabled"],
    ["enable", "active"],
  ] as const) {
    const command = users
      .command(name)
      .summary(
        name === "disable"
          ? "disable a user and end their sessions (admin)"
          : "re-enable a disabled user (admin)",
      )
      .description(
        name === "disable"
          ? "Disables a user: their sessions and API tokens stop working at once and they cannot sign in. " +
              "The server refuses (409) to disable the last active admin."
          : "Re-enables a disabled user. Invited users become active by accepting their invitation, not with this.",
      )
      .argument("<user>", "their email or id")
    addUrlFlag(command)
    addJsonFlag(command)
    addExamples(command, [
      [`folio users ${name} grace@acme.com`, ""],
      [`folio users ${name} grace@acme.com --json`, ""],
    ])
    command.action(
      action(async (self, out) => {
        const [{ runCli }, service, { renderUserChange }, { withProgress }] = await Promise.all([
          import("../runtime.js"),
          import("../services/users.js"),
          import("../ui/users.js"),
          import("../ui/progress.js"),
        ])
        const result = await withProgress(
          name === "disable" ? "Disabling…" : "Enabling…",
          runCli(service.setUserStatus({ url: stringFlag(self, "url"), user: self.args[0] ?? "", status })),
          out,
        )
        renderUserChange(result, "status", out)
        return 0
      }),
    )
  }
}
