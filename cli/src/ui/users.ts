import type { UserSummary } from "@folio/core"
import type { Invited, UserChange, UserList } from "../services/users.js"
import { formatDateTime } from "./format.js"
import type { Output } from "./output.js"
import { renderMoreNote } from "./paging.js"
import { renderDone, renderJson, renderNote } from "./render.js"
import { type Column, renderRecord, renderTable, type Tone } from "./table.js"

const statusTone = (user: Pick<UserSummary, "status">): Tone | undefined =>
  user.status === "disabled" ? "red" : user.status === "invited" ? "yellow" : undefined

const columns: ReadonlyArray<Column<UserSummary>> = [
  { header: "NAME", value: (user) => user.name, flexible: true },
  { header: "EMAIL", value: (user) => user.email },
  { header: "ROLE", value: (user) => user.role },
  { header: "STATUS", value: (user) => user.status, tone: statusTone },
  { header: "COMPANY", value: (user) => user.company.slug },
  {
    header: "LAST SIGN-IN",
    optional: true,
    value: (user) => (user.lastSignInAt === null ? "never" : formatDateTime(user.lastSignInAt)),
    tone: (user) => (user.lastSignInAt === null ? "gray" : undefined),
  },
]

export const renderUserList = async (result: UserList, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  if (result.users.length === 0) renderNote("No users match.", out)
  else await renderTable(columns, result.users, out)
  renderMoreNote("users", result.nextCursor, out)
}

export const renderInvited = async (result: Invited, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  const { user, company } = result
  renderDone(`Invited ${user.name} <${user.email}> to ${company.name} as ${user.role}.`, out)
  await renderRecord(
    [
      ["id", user.id],
      ["email", user.email],
      ["name", user.name],
      ["company", `${company.name} (${company.slug})`],
      ["role", user.role],
      ["status", user.status],
    ],
    out,
  )
  renderNote("Folio emails them a link to set their password; it is valid for 7 days.", out)
}

export const renderUserChange = (result: UserChange, field: "role" | "status", out: Output): void => {
  if (out.json) {
    renderJson({ ok: true, ...result })
    return
  }
  const { before, user } = result
  const who = `${user.name} <${user.email}>`
  if (!result.changed) {
    renderDone(`${who} is already ${field === "role" ? user.role : user.status}; nothing changed.`, out)
    return
  }
  if (field === "role") renderDone(`${who} is now ${user.role} (was ${before.role}).`, out)
  else if (user.status === "disabled")
    renderDone(`Disabled ${who}: their sessions and API tokens no longer work.`, out)
  else renderDone(`Enabled ${who}.`, out)
}
