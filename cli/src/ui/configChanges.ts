import { type ConfigChange, plural } from "@folio/core"
import type { Output } from "./output.js"
import { paint } from "./style.js"
import { visible } from "./terminalText.js"

/** A value as one line of JSON: what the file and `config set` take back. */
export const valueText = (value: unknown): string => JSON.stringify(value) ?? "null"

/** At most `max` characters of a value, for a table cell. */
export const shortValueText = (value: unknown, max = 60): string => {
  const text = valueText(value)
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/**
 * What one change does, without its action: `false → true`, `{"a":1}`, `"x" → (deleted)`, or
 * for a secret only that it changed — a secret's value is never in a change.
 */
export const changeText = (change: ConfigChange): string => {
  if (change.secret)
    return change.action === "create"
      ? "(secret, set)"
      : change.action === "update"
        ? "(secret, changed)"
        : "(secret, unset)"
  if (change.action === "create") return valueText(change.after)
  if (change.action === "update") return `${valueText(change.before)} → ${valueText(change.after)}`
  return change.after === undefined
    ? `${valueText(change.before)} → (deleted)`
    : `${valueText(change.before)} → ${valueText(change.after)} (its default)`
}

/** `update maintenance.enabled: false → true`, in one line, for a table cell or a log. */
export const changeLine = (change: ConfigChange): string =>
  `${change.action} ${change.key}: ${changeText(change)}`

const tone = { create: "green", update: "yellow", delete: "red" } as const

/** The changes one per line on stdout, the action aligned and coloured in a terminal. */
export const renderChanges = (changes: ReadonlyArray<ConfigChange>, out: Output): void => {
  process.stdout.write(
    changes
      .map(
        (change) =>
          `  ${paint(out.colorStdout, tone[change.action], change.action.padEnd(6))}  ${visible(`${change.key}: ${changeText(change)}`)}\n`,
      )
      .join(""),
  )
}

export const changesCount = (n: number): string => plural(n, "change")
