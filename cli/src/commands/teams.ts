import type { Command } from "commander"
import {
  action,
  addExamples,
  addJsonFlag,
  addPagingFlags,
  addUrlFlag,
  booleanFlag,
  pagingFlags,
  stringFlag,
} from "../command.js"

/** teams list | create | add-member | remove-member: teams inside a company. */
export const registerTeams = (program: Command): void => {
  const teams = program
    .command("teams")
    .summary("list and create teams, add and remove members")
    .description(
      "Teams inside a company. Everyone who can see a company sees its teams; creating teams and changing " +
        "members is for admins. Only people of the team's own company can join it.",
    )
  addExamples(teams, [
    ["folio teams list --company acme", "a company's teams, with their ids"],
    ["folio teams create --company acme --name Research", "add a team"],
    ["folio teams add-member --team 5d1c…-… --user grace@acme.com --lead", "add a team lead"],
  ])

  const list = teams
    .command("list")
    .summary("list a company's teams")
    .description(
      "Lists a company's teams by name, with their member counts and ids. Prints one page unless --all.",
    )
    .requiredOption("--company <company>", "the company (its slug or id)")
    .option("--search <text>", "team name contains this text (any letter case)")
  addPagingFlags(list, "teams")
  addUrlFlag(list)
  addJsonFlag(list)
  addExamples(list, [
    ["folio teams list --company acme", ""],
    ["folio teams list --company acme --json | jq -r '.teams[] | \"\\(.id) \\(.name)\"'", "ids for scripts"],
  ])
  list.action(
    action(async (command, out) => {
      const [{ runCli }, service, { renderTeamList }, { withProgress }] = await Promise.all([
        import("../runtime.js"),
        import("../services/teams.js"),
        import("../ui/teams.js"),
        import("../ui/progress.js"),
      ])
      const result = await withProgress(
        "Listing teams…",
        runCli(
          service.listTeams({
            url: stringFlag(command, "url"),
            company: stringFlag(command, "company") ?? "",
            search: stringFlag(command, "search")?.trim(),
            ...pagingFlags(command),
          }),
        ),
        out,
      )
      await renderTeamList(result, out)
      return 0
    }),
  )

  const create = teams
    .command("create")
    .summary("create a team in a company (admin)")
    .description(
      "Creates a team. The server refuses (409) a name the company already has, in any letter case.",
    )
    .requiredOption("--company <company>", "the company (its slug or id)")
    .requiredOption("--name <name>", "the team's name (at most 80 characters)")
    .option("--description <text>", "what the team does (at most 500 characters)")
  addUrlFlag(create)
  addJsonFlag(create)
  addExamples(create, [
    ["folio teams create --company acme --name Research --description 'Sell-side research readers'", ""],
    ["folio teams create --company acme --name Quant --json | jq -r .team.id", "the new team's id"],
  ])
  create.action(
    action(async (command, out) => {
      const [{ runCli }, service, { renderCreatedTeam }, { withProgress }] = await Promise.all([
        import("../runtime.js"),
        import("../services/teams.js"),
        import("../ui/teams.js"),
        import("../ui/progress.js"),
      ])
      const result = await withProgress(
        "Creating the team…",
        runCli(
          service.createTeam({
            url: stringFlag(command, "url"),
            company: stringFlag(command, "company") ?? "",
            name: stringFlag(command, "name") ?? "",
            description: stringFlag(command, "description"),
          }),
        ),
        out,
      )
      await renderCreatedTeam(result, out)
      return 0
    }),
  )

  const addMember = teams
    .command("add-member")
    .summary("add someone to a team (admin)")
    .description(
      "Adds a user of the team's company to the team, as a member or, with --lead, as its lead. " +
        "The server refuses (409) someone who is already in the team.",
    )
    .requiredOption("--team <id>", "the team's id (see `folio teams list`)")
    .requiredOption("--user <user>", "their email or id")
    .option("--lead", "make them a lead of the team rather than a member")
  addUrlFlag(addMember)
  addJsonFlag(addMember)
  addExamples(addMember, [
    ["folio teams add-member --team 5d1c…-… --user grace@acme.com", ""],
    ["folio teams add-member --team 5d1c…-… --user lin@acme.com --lead", "as the team's lead"],
  ])
  addMember.action(
    action(async (command, out) => {
      const [{ runCli }, service, { renderMembership }, { withProgress }] = await Promise.all([
        import("../runtime.js"),
        import("../services/teams.js"),
        import("../ui/teams.js"),
        import("../ui/progress.js"),
      ])
      const result = await withProgress(
        "Adding the member…",
        runCli(
          service.addTeamMember({
            url: stringFlag(command, "url"),
            team: stringFlag(command, "team") ?? "",
            user: stringFlag(command, "user") ?? "",
            role: booleanFlag(command, "lead") ? "lead" : "member",
          }),
        ),
        out,
      )
      renderMembership(result, "added", out)
      return 0
    }),
  )

  const removeMember = teams
    .command("remove-member")
    .summary("remove someone from a team (admin)")
    .description("Removes a member (or lead) from a team. They stay in the company.")
    .requiredOption("--team <id>", "the team's id (see `folio teams list`)")
    .requiredOption("--user <user>", "their email or id")
  addUrlFlag(removeMember)
  addJsonFlag(removeMember)
  addExamples(removeMember, [["folio teams remove-member --team 5d1c…-… --user grace@acme.com", ""]])
  removeMember.action(
    action(async (command, out) => {
      const [{ runCli }, service, { renderMembership }, { withProgress }] = await Promise.all([
        import("../runtime.js"),
        import("../services/teams.js"),
        import("../ui/teams.js"),
        import("../ui/progress.js"),
      ])
      const result = await withProgress(
        "Removing the member…",
        runCli(
          service.removeTeamMember({
            url: stringFlag(command, "url"),
            team: stringFlag(command, "team") ?? "",
            user: stringFlag(command, "user") ?? "",
          }),
        ),
        out,
      )
      renderMembership(result, "removed", out)
      return 0
    }),
  )
}
