import { type Blackout, plural, pluralNoun, type Release, type RestrictedTicker } from "@folio/core"
import type {
  AddedBlackout,
  BlackoutList,
  RemovedBlackout,
  Restricted,
  RestrictedList,
  Unrestricted,
} from "../services/blackouts.js"
import { formatDateTime } from "./format.js"
import type { Output } from "./output.js"
import { renderDone, renderJson, renderNote, renderWarning } from "./render.js"
import { type Column, renderTable } from "./table.js"
import { utcText, wallText } from "./times.js"

const blackoutColumns: ReadonlyArray<Column<Blackout>> = [
  { header: "FROM (UTC)", value: (blackout) => wallText(blackout.startsAt, "UTC") },
  { header: "TO (UTC)", value: (blackout) => wallText(blackout.endsAt, "UTC") },
  { header: "TICKER", value: (blackout) => blackout.ticker ?? "all" },
  { header: "REASON", value: (blackout) => blackout.reason, flexible: true },
  { header: "BY", value: (blackout) => blackout.createdBy ?? "", optional: true },
  { header: "ID", value: (blackout) => blackout.id, tone: () => "gray" },
]

export const renderBlackoutList = async (result: BlackoutList, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  if (result.blackouts.length === 0) renderNote("No blackout period is current or ahead.", out)
  else await renderTable(blackoutColumns, result.blackouts, out)
}

const heldNote = (held: ReadonlyArray<Release>, what: string, out: Output): void => {
  if (held.length === 0) return
  const shown = held
    .slice(0, 10)
    .map((release) => `${release.externalId ?? release.reportId} (${utcText(release.releaseAt)})`)
  renderWarning(
    `${plural(held.length, "scheduled release")} ${pluralNoun(held.length, "falls", "fall")} under ${what} and will be held when due, until an editor reschedules, unschedules or publishes: ${shown.join(", ")}${held.length > 10 ? ", …" : ""}.`,
    out,
  )
}

export const renderAddedBlackout = (result: AddedBlackout, out: Output): void => {
  if (out.json) {
    renderJson({ ok: true, ...result })
    return
  }
  const { blackout } = result
  renderDone(
    `Added a blackout for ${blackout.ticker ?? "every report"} from ${utcText(blackout.startsAt)} to ${utcText(blackout.endsAt)}: "${blackout.reason}" (${blackout.id}).`,
    out,
  )
  heldNote(result.held, "it", out)
}

export const renderRemovedBlackout = (result: RemovedBlackout, out: Output): void => {
  if (out.json) {
    renderJson({ ok: true, ...result })
    return
  }
  const { blackout } = result
  renderDone(
    blackout === null
      ? `Removed blackout ${result.id}.`
      : `Removed the blackout for ${blackout.ticker ?? "every report"} from ${utcText(blackout.startsAt)} to ${utcText(blackout.endsAt)} (${result.id}).`,
    out,
  )
}

const restrictedColumns: ReadonlyArray<Column<RestrictedTicker>> = [
  { header: "SYMBOL", value: (entry) => entry.symbol },
  { header: "REASON", value: (entry) => entry.reason, flexible: true },
  { header: "BY", value: (entry) => entry.createdBy ?? "", optional: true },
  { header: "SINCE", value: (entry) => formatDateTime(entry.createdAt) },
]

export const renderRestrictedList = async (result: RestrictedList, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  if (result.restricted.length === 0) renderNote("No ticker is restricted.", out)
  else await renderTable(restrictedColumns, result.restricted, out)
}

export const renderRestricted = (result: Restricted, out: Output): void => {
  if (out.json) {
    renderJson({ ok: true, ...result })
    return
  }
  const { restricted } = result
  renderDone(
    `Restricted ${restricted.symbol}: "${restricted.reason}". No report about it can be scheduled or published until \`folio restricted remove ${restricted.symbol}\`.`,
    out,
  )
  heldNote(result.held, `the restriction of ${restricted.symbol}`, out)
}

export const renderUnrestricted = (result: Unrestricted, out: Output): void => {
  if (out.json) {
    renderJson({ ok: true, ...result })
    return
  }
  renderDone(`${result.symbol} is no longer restricted.`, out)
}
