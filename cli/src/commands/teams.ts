import type { Command } from "commander"
import { booleanFlag, stringFlag } from "../command.js"
import { entityCommand, entityGroup } from "../entityCommand.js"

/** The teams service and its views, imported only when a command runs. */
const modules = () => Promise.all([import("../services/teams.js"), import("../ui/teams.js")])

/** teams list | create | add-member | remove-member: teams inside a company. */
export const registerTeams = (program: Command): void => {
  const teams = entityGroup(program, {
    name: "teams",
    summary: "list and create teams, add and remove members",
    description:
      "Teams inside a company. Everyone who can see a company sees its teams; creating teams and changing " +
      "members is for admins. Only people of the team's own company can join it.",
    examples: [
      ["folio teams list --company acme", "a company's teams, with their ids"],
      ["folio teams create --company acme --name Research", "add a team"],
      ["folio teams add-member --team 5d1c…-… --user grace@acme.com --lead", "add a team lead"],
    ],
  })

  entityCommand(teams, {
    name: "list",
    summary: "list a company's teams",
    description:
      "Lists a company's teams by name, with their member counts and ids. Prints one page unless --all.",
    options: (command) =>
      command
        .requiredOption("--company <company>", "the company (its slug or id)")
        .option("--search <text>", "team name contains this text (any letter case)"),
    paging: "teams",
    examples: [
      ["folio teams list --company acme", ""],
      [
        "folio teams list --company acme --json | jq -r '.teams[] | \"\\(.id) \\(.name)\"'",
        "ids for scripts",
      ],
    ],
    progress: "Listing teams…",
    input: (command) => ({
      company: stringFlag(command, "company") ?? "",
      search: stringFlag(command, "search")?.trim(),
    }),
    load: () => modules().then(([service, ui]) => ({ run: service.listTeams, render: ui.renderTeamList })),
  })

  entityCommand(teams, {
    name: "create",
    summary: "create a team in a company (admin)",
    description:
      "Creates a team. The server refuses (409) a name the company already has, in any letter case.",
    options: (command) =>
      command
        .requiredOption("--company <company>", "the company (its slug or id)")
        .requiredOption("--name <name>", "the team's name (at most 80 characters)")
        .option("--description <text>", "what the team does (at most 500 characters)"),
    examples: [
      ["folio teams create --company acme --name Research --description 'Sell-side research readers'", ""],
      ["folio teams create --company acme --name Quant --json | jq -r .team.id", "the new team's id"],
    ],
    progress: "Creating the team…",
    input: (command) => ({
      company: stringFlag(command, "company") ?? "",
      name: stringFlag(command, "name") ?? "",
      description: stringFlag(command, "description"),
    }),
    load: () =>
      modules().then(([service, ui]) => ({ run: service.createTeam, render: ui.renderCreatedTeam })),
  })

  entityCommand(teams, {
    name: "add-member",
    summary: "add someone to a team (admin)",
    description:
      "Adds a user of the team's company to the team, as a member or, with --lead, as its lead. " +
      "The server refuses (409) someone who is already in the team.",
    options: (command) =>
      command
        .requiredOption("--team <id>", "the team's id (see `folio teams list`)")
        .requiredOption("--user <user>", "their email or id")
        .option("--lead", "make them a lead of the team rather than a member"),
    examples: [
      ["folio teams add-member --team 5d1c…-… --user grace@acme.com", ""],
      ["folio teams add-member --team 5d1c…-… --user lin@acme.com --lead", "as the team's lead"],
    ],
    progress: "Adding the member…",
    input: (command) => ({
      team: stringFlag(command, "team") ?? "",
      user: stringFlag(command, "user") ?? "",
      role: booleanFlag(command, "lead") ? ("lead" as const) : ("member" as const),
    }),
    load: async () => {
      const [service, ui] = await modules()
      return {
        run: service.addTeamMember,
        render: (result, out) => ui.renderMembership(result, "added", out),
      }
    },
  })

  entityCommand(teams, {
    name: "remove-member",
    summary: "remove someone from a team (admin)",
    description: "Removes a member (or lead) from a team. They stay in the company.",
    options: (command) =>
      command
        .requiredOption("--team <id>", "the team's id (see `folio teams list`)")
        .requiredOption("--user <user>", "their email or id"),
    examples: [["folio teams remove-member --team 5d1c…-… --user grace@acme.com", ""]],
    progress: "Removing the member…",
    input: (command) => ({
      team: stringFlag(command, "team") ?? "",
      user: stringFlag(command, "user") ?? "",
    }),
    load: async () => {
      const [service, ui] = await modules()
      return {
        run: service.removeTeamMember,
        render: (result, out) => ui.renderMembership(result, "removed", out),
      }
    },
  })
}
