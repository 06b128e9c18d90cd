import { type ConfigEntry, type ConfigVersion, knownConfigKey, plural } from "@folio/core"
import type { ConfigGet, ConfigList, ConfigWrite } from "../services/config.js"
import type { ConfigHistory, ConfigRollbackResult } from "../services/configHistory.js"
import {
  changeLine,
  changesCount,
  changeText,
  renderChanges,
  shortValueText,
  valueText,
} from "./configChanges.js"
import type { Output } from "./output.js"
import { renderMoreNote } from "./paging.js"
import { renderDone, renderJson, renderLines, renderNote, renderText } from "./render.js"
import { type Column, renderTable } from "./table.js"
import { utcText, wallText } from "./times.js"

const secretText = (entry: Pick<ConfigEntry, "set">): string => (entry.set ? "set" : "not set")

const listColumns: ReadonlyArray<Column<ConfigEntry>> = [
  { header: "KEY", value: (entry) => entry.key },
  {
    header: "VALUE",
    value: (entry) => (entry.secret ? `(secret) ${secretText(entry)}` : shortValueText(entry.value)),
    tone: (entry) => (entry.secret ? "gray" : undefined),
    flexible: true,
  },
  { header: "KIND", value: (entry) => `${entry.known ? "known" : "free"}${entry.secret ? ",secret" : ""}` },
  { header: "UPDATED BY", value: (entry) => entry.updatedBy ?? "", optional: true },
  {
    header: "UPDATED (UTC)",
    value: (entry) => (entry.updatedAt === null ? "" : wallText(entry.updatedAt, "UTC")),
    optional: true,
  },
]

export const renderConfigList = async (result: ConfigList, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  renderLines([
    `Version ${result.version}, digest ${result.digest}, ${plural(result.entries.length, "key")} (since ${utcText(result.createdAt)}).`,
  ])
  await renderTable(listColumns, result.entries, out)
}

/** The value alone on stdout (JSON; a secret: set or not set), what it is on stderr. */
export const renderConfigGet = (result: ConfigGet, out: Output): void => {
  const { entry } = result
  if (out.json) {
    renderJson({ ok: true, url: result.url, version: result.version, digest: result.digest, ...entry })
    return
  }
  // Pretty JSON keeps its line breaks (renderLines would show them as \n).
  renderText([entry.secret ? secretText(entry) : JSON.stringify(entry.value, null, 2)])
  const changed =
    entry.updatedAt === null
      ? "its default since version 1"
      : `last changed ${utcText(entry.updatedAt)}${entry.updatedBy === null ? "" : ` by ${entry.updatedBy}`}`
  renderNote(
    `${entry.key}: ${entry.known ? "known" : "free"} key${entry.secret ? ", secret (never shown)" : ""}, ${changed}; store version ${result.version}.`,
    out,
  )
}

export const renderConfigWrite = (result: ConfigWrite, out: Output): void => {
  if (out.json) {
    renderJson({ ok: true, ...result })
    return
  }
  const { key, change } = result
  const version = `version ${result.version}`
  if (change === null) {
    const known = knownConfigKey(key)
    const state =
      result.action === "set"
        ? result.secret
          ? "already holds that value"
          : `is already ${valueText(result.value)}`
        : known !== undefined && !result.secret
          ? `is already its default, ${valueText(known.default)}`
          : "is not set"
    renderDone(`${key} ${state}; nothing changed (${version}).`, out)
    return
  }
  if (change.secret) {
    const verb = change.action === "create" ? "Set" : change.action === "update" ? "Changed" : "Unset"
    renderDone(`${verb} the secret ${key} (its value is never shown; ${version}).`, out)
    return
  }
  const verb =
    change.action === "create"
      ? "Created"
      : change.action === "update"
        ? "Set"
        : change.after === undefined
          ? "Deleted"
          : "Unset"
  renderDone(`${verb} ${key}: ${changeText(change)} (${version}).`, out)
}

const commentText = (version: ConfigVersion): string =>
  [version.rollbackOf === null ? "" : `rollback to ${version.rollbackOf}`, version.comment ?? ""]
    .filter((part) => part !== "")
    .join(": ")

const historyColumns: ReadonlyArray<Column<ConfigVersion>> = [
  { header: "VERSION", value: (version) => String(version.version) },
  { header: "WHEN (UTC)", value: (version) => wallText(version.createdAt, "UTC") },
  { header: "BY", value: (version) => version.author ?? "(defaults)" },
  { header: "COMMENT", value: commentText },
  {
    header: "CHANGES",
    value: (version) => version.changes.map(changeLine).join("; "),
    flexible: true,
  },
]

export const renderConfigHistory = async (result: ConfigHistory, out: Output): Promise<void> => {
  if (out.json) {
    renderJson({
      ok: true,
      url: result.url,
      key: result.key,
      versions: result.items,
      nextCursor: result.nextCursor,
    })
    return
  }
  if (result.items.length === 0) {
    renderNote(result.key === null ? "No versions." : `No version changed ${result.key}.`, out)
    return
  }
  await renderTable(historyColumns, result.items, out)
  renderMoreNote("versions", result.nextCursor, out)
}

export const renderConfigRollback = (result: ConfigRollbackResult, out: Output): void => {
  if (out.json) {
    renderJson({
      ok: true,
      url: result.url,
      to: result.to,
      from: result.from,
      version: result.snapshot.version,
      digest: result.snapshot.digest,
      changes: result.version?.changes ?? null,
    })
    return
  }
  if (result.snapshot.version === result.from) {
    renderDone(
      `The store already holds what version ${result.to} held; nothing changed (version ${result.from}).`,
      out,
    )
    return
  }
  const changes = result.version?.changes
  renderDone(
    `Rolled back to version ${result.to}: version ${result.snapshot.version} (was ${result.from})${changes === undefined ? "" : `, ${changesCount(changes.length)}`}.`,
    out,
  )
  if (changes !== undefined) renderChanges(changes, out)
}
