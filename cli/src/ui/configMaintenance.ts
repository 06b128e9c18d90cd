import type { MaintenanceStatus, MaintenanceSwitch } from "../services/configMaintenance.js"
import type { Output } from "./output.js"
import { renderDone, renderJson, renderLines } from "./render.js"

const retryText = (seconds: number): string => `Retry-After ${seconds} s`

export const renderMaintenanceStatus = (result: MaintenanceStatus, out: Output): void => {
  if (out.json) {
    renderJson({ ok: true, ...result })
    return
  }
  renderLines(
    result.enabled
      ? [`Maintenance is on at ${result.url}: "${result.message}" (${retryText(result.retryAfterSeconds)}).`]
      : [`Maintenance is off at ${result.url}.`],
  )
}

export const renderMaintenanceSwitch = (result: MaintenanceSwitch, out: Output): void => {
  if (out.json) {
    renderJson({ ok: true, ...result })
    return
  }
  const state = result.enabled
    ? `on: people other than admins see "${result.message}" and the API answers them 503 (${retryText(result.retryAfterSeconds)}); admins keep working`
    : "off: everyone is back"
  renderDone(
    result.changed
      ? `Maintenance is ${state} (version ${result.version}).`
      : `Maintenance is already ${result.enabled ? `on: "${result.message}"` : "off"}; nothing changed (version ${result.version}).`,
    out,
  )
}
