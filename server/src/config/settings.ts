import { decodeConfigValue, knownConfigKey, type SiteStatus } from "@folio/core"
import { Either } from "effect"
import type { StoredEntry } from "./model.js"

/** The known keys the server reads, typed: what a request or a job asks the store for. */
export interface ConfigSettings {
  readonly "maintenance.enabled": boolean
  readonly "maintenance.message": string
  readonly "maintenance.retryAfterSeconds": number
  readonly "banner.message": string
  readonly "auth.password.enabled": boolean
  readonly "auth.magicLink.enabled": boolean
  readonly "auth.magicLink.ttlMinutes": number
  readonly "limits.signIn.perAccountPerMinute": number
  readonly "limits.signIn.perAddressPerMinute": number
  readonly "limits.email.perAccountPer15Minutes": number
  readonly "limits.email.perAddressPer15Minutes": number
  readonly "errorReports.retentionDays": number
  readonly "readership.retentionDays": number
  readonly "ai.openai.baseUrl": string
  readonly "ai.openai.model": string
  readonly "ai.openai.api": "chat" | "responses"
  readonly "ai.openai.timeoutSeconds": number
}

/**
 * A key's value when its schema accepts it, else its default: a value written before a schema
 * was tightened is not what the server acts on.
 */
const settingOf = (entries: ReadonlyMap<string, StoredEntry>, key: string): unknown => {
  const stored = entries.get(key)
  if (stored && "value" in stored && Either.isRight(decodeConfigValue(key, stored.value))) return stored.value
  return knownConfigKey(key)?.default
}

/** Read once per loaded version, so a request's read is a property access. */
export const settingsOf = (entries: ReadonlyMap<string, StoredEntry>): ConfigSettings => {
  const bool = (key: keyof ConfigSettings) => settingOf(entries, key) === true
  const num = (key: keyof ConfigSettings) => {
    const value = settingOf(entries, key)
    return typeof value === "number" ? value : 0
  }
  const text = (key: keyof ConfigSettings) => {
    const value = settingOf(entries, key)
    return typeof value === "string" ? value : ""
  }
  return {
    "maintenance.enabled": bool("maintenance.enabled"),
    "maintenance.message": text("maintenance.message"),
    "maintenance.retryAfterSeconds": num("maintenance.retryAfterSeconds"),
    "banner.message": text("banner.message"),
    "auth.password.enabled": bool("auth.password.enabled"),
    "auth.magicLink.enabled": bool("auth.magicLink.enabled"),
    "auth.magicLink.ttlMinutes": num("auth.magicLink.ttlMinutes"),
    "limits.signIn.perAccountPerMinute": num("limits.signIn.perAccountPerMinute"),
    "limits.signIn.perAddressPerMinute": num("limits.signIn.perAddressPerMinute"),
    "limits.email.perAccountPer15Minutes": num("limits.email.perAccountPer15Minutes"),
    "limits.email.perAddressPer15Minutes": num("limits.email.perAddressPer15Minutes"),
    "errorReports.retentionDays": num("errorReports.retentionDays"),
    "readership.retentionDays": num("readership.retentionDays"),
    "ai.openai.baseUrl": text("ai.openai.baseUrl").trim(),
    "ai.openai.model": text("ai.openai.model").trim(),
    "ai.openai.api": text("ai.openai.api") === "responses" ? "responses" : "chat",
    "ai.openai.timeoutSeconds": num("ai.openai.timeoutSeconds"),
  }
}

/** Every known key's default: what the server acts on while the store is missing. */
export const defaultSettings: ConfigSettings = settingsOf(new Map())

export const siteStatusOf = (settings: ConfigSettings): SiteStatus => ({
  maintenance: {
    enabled: settings["maintenance.enabled"],
    message: settings["maintenance.message"],
    retryAfterSeconds: settings["maintenance.retryAfterSeconds"],
  },
  banner: settings["banner.message"].trim() === "" ? null : settings["banner.message"],
  signIn: { password: settings["auth.password.enabled"], magicLink: settings["auth.magicLink.enabled"] },
})
