import { Argument, type Command, Option } from "commander"
import { choiceFlag, stringFlag } from "../command.js"
import { entityCommand, entityGroup } from "../entityCommand.js"

// Kept here rather than imported from @folio/core, so that `--help` loads no Effect.
export const roles = ["admin", "editor", "analyst", "developer", "reader"] as const
const statuses = ["invited", "active", "disabled"] as const

/** The users service and its views, imported only when a command runs. */
const modules = () => Promise.all([import("../services/users.js"), import("../ui/users.js")])

/** users list | invite | set-role | disable | enable: the user directory. */
export const registerUsers = (program: Command): void => {
  const users = entityGroup(program, {
    name: "users",
    summary: "list, invite and manage users",
    description:
      "The user directory. Readers and developers see the people of their own company; inviting, changing " +
      "roles and disabling are for admins. A user is named by email or id (a name works when no one else has it).",
    examples: [
      ["folio users list --company acme", "the people of one company"],
      [
        "folio users invite --email grace@acme.com --name 'Grace Hopper' --company acme --role reader",
        "invite someone",
      ],
      ["folio users set-role grace@acme.com developer", "change a role"],
      ["folio users disable grace@acme.com", "sign someone out everywhere and keep them out"],
    ],
  })

  entityCommand(users, {
    name: "list",
    summary: "list users, filtered by company, role, status or a search",
    description:
      "Lists users by name. Prints one page (50 unless --limit says otherwise); --all follows the cursors to the end, " +
      "and without it a note on stderr says how to get the next page.",
    options: (command) =>
      command
        .option("--company <company>", "only this company's people (its slug or id)")
        .addOption(new Option("--role <role>", "only this role").choices(roles))
        .addOption(new Option("--status <status>", "only this status").choices(statuses))
        .option("--search <text>", "name or email contains this text (any letter case)"),
    paging: "users",
    examples: [
      ["folio users list", "the first 50 users you can see"],
      ["folio users list --company acme --status invited", "who has not accepted an invitation yet"],
      ["folio users list --role admin --all", "every admin"],
      ["folio users list --search hopper", "find someone"],
      ["folio users list --all --json | jq -r '.users[].email'", "every email address"],
    ],
    progress: "Listing users…",
    input: (command) => ({
      company: stringFlag(command, "company"),
      role: choiceFlag(command, "role", roles),
      status: choiceFlag(command, "status", statuses),
      search: stringFlag(command, "search")?.trim(),
    }),
    load: () => modules().then(([service, ui]) => ({ run: service.listUsers, render: ui.renderUserList })),
  })

  entityCommand(users, {
    name: "invite",
    summary: "invite someone by email (admin)",
    description:
      "Creates the user as invited and has the server email them a link to set their password (valid 7 days). " +
      "Without SMTP_URL the server sends nothing; the link is printed only in its development mail log (FOLIO_DEV_MAIL_LOG). " +
      "People of client companies can be readers or developers; the publisher's people can have any role.",
    options: (command) =>
      command
        .requiredOption("--email <email>", "their email address")
        .requiredOption("--name <name>", "their full name")
        .requiredOption("--company <company>", "their company (its slug or id)")
        .addOption(new Option("--role <role>", "their role").choices(roles).makeOptionMandatory()),
    examples: [
      ["folio users invite --email grace@acme.com --name 'Grace Hopper' --company acme --role reader", ""],
      [
        "folio users invite --email lin@folio.example --name 'Lin Chen' --company folio --role analyst --json",
        "",
      ],
    ],
    progress: "Inviting…",
    input: (command) => ({
      email: stringFlag(command, "email") ?? "",
      name: stringFlag(command, "name") ?? "",
      company: stringFlag(command, "company") ?? "",
      role: choiceFlag(command, "role", roles) ?? "reader",
    }),
    load: () => modules().then(([service, ui]) => ({ run: service.inviteUser, render: ui.renderInvited })),
  })

  entityCommand(users, {
    name: "set-role",
    summary: "change a user's role (admin)",
    description:
      "Changes a user's role. The server refuses (409) to demote the last active admin, and refuses publisher " +
      "roles for people of client companies.",
    options: (command) =>
      command
        .argument("<user>", "their email or id")
        .addArgument(new Argument("<role>", "the new role").choices(roles)),
    examples: [
      ["folio users set-role grace@acme.com developer", ""],
      ["folio users set-role 0b7e…-… admin", "by id"],
    ],
    progress: "Changing the role…",
    input: (command) => {
      const [user = "", role = ""] = command.args
      return { user, role: roles.find((candidate) => candidate === role) ?? "reader" }
    },
    load: async () => {
      const [service, ui] = await modules()
      return { run: service.setUserRole, render: (result, out) => ui.renderUserChange(result, "role", out) }
    },
  })

  for (const [name, status] of [
    ["disable", "disabled"],
    ["enable", "active"],
  ] as const) {
    entityCommand(users, {
      name,
      summary:
        name === "disable"
          ? "disable a user and end their sessions (admin)"
          : "re-enable a disabled user (admin)",
      description:
        name === "disable"
          ? "Disables a user: their sessions and API tokens stop working at once and they cannot sign in. " +
            "The server refuses (409) to disable the last active admin."
          : "Re-enables a disabled user. Invited users become active by accepting their invitation, not with this.",
      options: (command) => command.argument("<user>", "their email or id"),
      examples: [
        [`folio users ${name} grace@acme.com`, ""],
        [`folio users ${name} grace@acme.com --json`, ""],
      ],
      progress: name === "disable" ? "Disabling…" : "Enabling…",
      input: (command) => ({ user: command.args[0] ?? "", status }),
      load: async () => {
        const [service, ui] = await modules()
        return {
          run: service.setUserStatus,
          render: (result, out) => ui.renderUserChange(result, "status", out),
        }
      },
    })
  }
}
