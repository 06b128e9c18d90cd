import type { Identity, LoginResult, LogoutResult } from "../services/session.js"
import { identityRows } from "./identityRows.js"
import type { Output } from "./output.js"
import { renderDone, renderJson, renderLines, renderNote, renderWarning } from "./render.js"

export const renderLogin = (result: LoginResult, out: Output): void => {
  if (out.json) renderJson({ ok: true, ...result })
  else {
    const how = result.method === "token" ? "with a token of" : "as"
    renderDone(
      `Signed in to ${result.url} ${how} ${result.user.name} <${result.user.email}> (${result.user.role}, ${result.company.name}).`,
      out,
    )
    renderNote(`Credential saved to ${result.credentialPath}`, out)
  }
  if (result.overriddenByEnv)
    renderWarning("FOLIO_TOKEN is set and overrides the stored credential; unset it to use this login.", out)
}

export const renderWhoami = async (
  identity: Identity,
  credentialPath: string,
  out: Output,
): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...identity })
  if (out.rich) {
    const { printIdentityView } = await import("./IdentityView.js")
    return printIdentityView(identity, credentialPath, out)
  }
  const rows = identityRows(identity, credentialPath)
  const width = Math.max(...rows.map(([label]) => label.length))
  renderLines(rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`))
}

export const renderLogout = (result: LogoutResult, out: Output): void => {
  if (out.json) renderJson({ ok: true, ...result })
  else if (!result.forgotten)
    renderLines([`Not signed in: there is no credential at ${result.credentialPath}.`])
  else if (result.apiToken) {
    const who = result.email === null ? "" : ` (${result.email})`
    renderDone(`Forgot the API token for ${result.url}${who}.`, out)
    renderNote(
      `Removed ${result.credentialPath}. The token itself still works: revoke it with \`folio tokens revoke\` if it is no longer needed.`,
      out,
    )
  } else {
    const who = result.email === null ? "" : ` (${result.email})`
    const ended = result.sessionEnded ? "" : "; the session had already ended"
    renderDone(`Signed out of ${result.url}${who}${ended}.`, out)
    renderNote(`Removed ${result.credentialPath}`, out)
  }
  if (process.env.FOLIO_TOKEN) renderWarning("FOLIO_TOKEN is still set; commands keep using it.", out)
}
