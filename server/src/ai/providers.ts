import type { AiProvider } from "@folio/core"
import { Option, Redacted } from "effect"
import type { ConfigStore } from "../config/store.js"
import { offlineModel } from "./offline.js"

/**
 * The AI providers and how they are configured. The offline one is always there; the
 * OpenAI-compatible one is what an admin set in `ai.openai.*` of the configuration store (its
 * typed settings, decoded once per version: a change applies to the next run). Its API key is a
 * secret key: decrypted here for the request to the provider, never part of an answer.
 */

export interface OpenAiSettings {
  readonly baseUrl: string
  readonly model: string
  readonly api: "chat" | "responses"
  readonly timeoutSeconds: number
  /** The decrypted key; none when unset (local servers need none). */
  readonly apiKey: Option.Option<Redacted.Redacted<string>>
}

type Store = Pick<ConfigStore, "settings" | "secret">

export const openAiSettings = (store: Store): OpenAiSettings => {
  const settings = store.settings()
  const key = Option.flatMap(store.secret("ai.openai.apiKey"), (secret) => {
    const value = Redacted.value(secret)
    return typeof value === "string" && value !== "" ? Option.some(Redacted.make(value)) : Option.none()
  })
  return {
    baseUrl: settings["ai.openai.baseUrl"],
    model: settings["ai.openai.model"],
    api: settings["ai.openai.api"],
    timeoutSeconds: settings["ai.openai.timeoutSeconds"],
    apiKey: key,
  }
}

export const openAiConfigured = (settings: OpenAiSettings): boolean =>
  settings.baseUrl !== "" && settings.model !== ""

/** The host (and port) of a base URL, for what the console shows: never a path, query or credentials. */
export const hostOf = (baseUrl: string): string => {
  try {
    return new URL(baseUrl).host
  } catch {
    return baseUrl
  }
}

export const openAiUnavailableReason =
  "An admin has not configured it (ai.openai.baseUrl and ai.openai.model in the configuration store)"

export const offlineProvider: AiProvider = {
  id: "offline",
  label: "Built-in (offline)",
  available: true,
  model: offlineModel,
  detail:
    "Extractive summary, tickers and KPI figures, computed on this server: nothing leaves it, and the same input gives the same output.",
  unavailableReason: null,
}

export const openAiProvider = (settings: OpenAiSettings): AiProvider => {
  const configured = openAiConfigured(settings)
  return {
    id: "openai",
    label: "OpenAI-compatible",
    available: configured,
    model: settings.model,
    detail: configured
      ? `${settings.model} at ${hostOf(settings.baseUrl)}, ${settings.api === "chat" ? "Chat Completions" : "Responses API"}`
      : "Any OpenAI-compatible endpoint (OpenAI, vLLM, Ollama, LM Studio) an admin configures.",
    unavailableReason: configured ? null : openAiUnavailableReason,
  }
}

export const providersOf = (store: Store): ReadonlyArray<AiProvider> => [
  offlineProvider,
  openAiProvider(openAiSettings(store)),
]
