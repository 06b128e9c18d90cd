import type { ApiToken } from "@folio/core"
import type { CreatedToken, RevokedToken, TokenList } from "../services/tokens.js"
import { formatDate, formatDateTime } from "./format.js"
import type { Output } from "./output.js"
import { renderDone, renderDoneNote, renderJson, renderNote, renderWarning } from "./render.js"
import { type Column, renderTable } from "./table.js"
import { visible } from "./terminalText.js"

const expires = (token: ApiToken): string =>
  token.expiresAt === null ? "never" : formatDate(token.expiresAt)

const columns: ReadonlyArray<Column<ApiToken>> = [
  { header: "NAME", value: (token) => token.name, flexible: true },
  { header: "SCOPES", value: (token) => token.scopes.join(",") },
  { header: "SECRET", value: (token) => `${token.hint}…`, optional: true },
  { header: "CREATED", value: (token) => formatDate(token.createdAt), optional: true },
  {
    header: "EXPIRES",
    value: expires,
    tone: (token) =>
      token.expiresAt !== null && token.expiresAt.getTime() - Date.now() < 7 * 86_400_000
        ? "yellow"
        : undefined,
  },
  {
    header: "LAST USED",
    value: (token) => (token.lastUsedAt === null ? "never" : formatDateTime(token.lastUsedAt)),
    tone: (token) => (token.lastUsedAt === null ? "gray" : undefined),
  },
  { header: "ID", value: (token) => token.id, tone: () => "gray" },
]

export const renderTokenList = async (result: TokenList, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  if (result.tokens.length === 0) {
    renderNote("You have no API tokens. Create one with `folio tokens create --name NAME --scope read`.", out)
    return
  }
  await renderTable(columns, result.tokens, out)
}

/** The secret alone on stdout (or in the JSON document); what it is, and the warning, on stderr. */
export const renderCreatedToken = (result: CreatedToken, out: Output): void => {
  if (out.json) renderJson({ ok: true, ...result })
  else process.stdout.write(`${visible(result.secret)}\n`)
  const { token } = result
  renderDoneNote(
    `Created API token "${token.name}" (${token.scopes.join(",")}, ${token.expiresAt === null ? "never expires" : `expires ${formatDate(token.expiresAt)}`}, id ${token.id}).`,
    out,
  )
  renderWarning(
    "This is the only time the secret is shown: store it now (a password manager, your CI's secrets). " +
      "Use it as FOLIO_TOKEN, or store it with `folio login --token`.",
    out,
  )
}

export const renderRevokedToken = (result: RevokedToken, out: Output): void => {
  if (out.json) {
    renderJson({ ok: true, revoked: result.token, url: result.url })
    return
  }
  renderDone(`Revoked API token "${result.token.name}" (${result.token.id}); it no longer works.`, out)
}
