import type { Team } from "@folio/core"
import type { CreatedTeam, Membership, TeamList } from "../services/teams.js"
import type { Output } from "./output.js"
import { renderMoreNote } from "./paging.js"
import { renderDone, renderJson, renderNote } from "./render.js"
import { type Column, renderRecord, renderTable } from "./table.js"

const columns: ReadonlyArray<Column<Team>> = [
  { header: "NAME", value: (team) => team.name },
  { header: "MEMBERS", value: (team) => String(team.memberCount) },
  { header: "ID", value: (team) => team.id, tone: () => "gray" },
  { header: "DESCRIPTION", value: (team) => team.description },
]

export const renderTeamList = async (result: TeamList, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  if (result.teams.length === 0)
    renderNote(`${result.company.name} has no teams${result.nextCursor === null ? "" : " here"}.`, out)
  else await renderTable(columns, result.teams, out)
  renderMoreNote("teams", result.nextCursor, out)
}

export const renderCreatedTeam = async (result: CreatedTeam, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  const { team, company } = result
  renderDone(`Created team "${team.name}" in ${company.name}.`, out)
  await renderRecord(
    [
      ["id", team.id],
      ["company", `${company.name} (${company.slug})`],
      ["description", team.description],
    ],
    out,
  )
}

export const renderMembership = (result: Membership, change: "added" | "removed", out: Output): void => {
  if (out.json) {
    renderJson({ ok: true, ...result })
    return
  }
  const { member, team } = result
  const who = `${member.name} <${member.email}>`
  renderDone(
    change === "added"
      ? `Added ${who} to "${team.name}" as ${member.role === "lead" ? "a lead" : "a member"}.`
      : `Removed ${who} from "${team.name}".`,
    out,
  )
}
