/**
 * What the console and the CLI call each known configuration key and what it does
 * (configKeys.ts holds the keys' schemas and defaults). Apart from them so the console's first
 * load, which holds the contract and so the keys, does not carry prose only the configuration
 * screen shows.
 */
export interface ConfigKeyDoc {
  readonly label: string
  readonly description: string
}

export const configKeyDocs: Readonly<Record<string, ConfigKeyDoc>> = {
  "maintenance.enabled": {
    label: "Maintenance mode",
    description:
      "On: signed-in people other than admins see the maintenance page, and the API answers them 503 with Retry-After. Admins keep working; sign-in, health and background jobs keep running.",
  },
  "maintenance.message": {
    label: "Maintenance message",
    description: "What the maintenance page and the API's 503 say.",
  },
  "maintenance.retryAfterSeconds": {
    label: "Retry after (seconds)",
    description: "The Retry-After the API sends during maintenance.",
  },
  "banner.message": {
    label: "Banner",
    description: "A line shown at the top of every console page for everyone signed in; empty shows none.",
  },
  "auth.password.enabled": {
    label: "Password sign-in",
    description:
      "Off: the sign-in page offers no password form and the API refuses password sign-in. Admins can still sign in with a password, so an installation never locks itself out.",
  },
  "auth.magicLink.enabled": {
    label: "Sign-in links",
    description: 'Off: no "email me a sign-in link", and the API sends none.',
  },
  "auth.magicLink.ttlMinutes": {
    label: "Sign-in link lifetime (minutes)",
    description: "How long a sign-in link and its code work.",
  },
  "limits.signIn.perAccountPerMinute": {
    label: "Sign-in attempts per account per minute",
    description:
      "Password sign-in attempts one account may get in a minute (a successful one is given back).",
  },
  "limits.signIn.perAddressPerMinute": {
    label: "Sign-in attempts per address per minute",
    description: "Password sign-in attempts one client address may make in a minute.",
  },
  "limits.email.perAccountPer15Minutes": {
    label: "Sign-in and reset emails per account per 15 minutes",
    description: "Sign-in link and password reset emails one address may be sent in 15 minutes.",
  },
  "limits.email.perAddressPer15Minutes": {
    label: "Sign-in and reset emails per client address per 15 minutes",
    description: "Sign-in link and password reset requests one client address may make in 15 minutes.",
  },
  "errorReports.retentionDays": {
    label: "Error report retention (days)",
    description: "How long the error inbox keeps events and traces.",
  },
  "readership.retentionDays": {
    label: "Readership event retention (days)",
    description:
      "How long each reader's raw events are kept (whole months are dropped once past it). Daily totals are kept for good, with no one named once the events are gone.",
  },
  "ai.openai.baseUrl": {
    label: "OpenAI-compatible base URL",
    description:
      "The provider for the AI playground, e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1 (Ollama) or a vLLM or LM Studio server. Empty: only the built-in offline provider.",
  },
  "ai.openai.model": {
    label: "OpenAI-compatible model",
    description: "The model the provider runs, e.g. gpt-4o-mini or llama3.1.",
  },
  "ai.openai.api": {
    label: "OpenAI-compatible API",
    description:
      "chat: Chat Completions (/chat/completions), which most servers speak; responses: the Responses API (/responses), where the server has it.",
  },
  "ai.openai.timeoutSeconds": {
    label: "AI request timeout (seconds)",
    description: "How long a run may take before it is stopped.",
  },
  "ai.openai.apiKey": {
    label: "OpenAI-compatible API key",
    description: "Sent as a Bearer token to the configured OpenAI-compatible provider. Write-only.",
  },
}

/** A known key's label and description; the key itself for one without (a free key). */
export const configKeyDoc = (key: string): ConfigKeyDoc =>
  configKeyDocs[key] ?? { label: key, description: "" }
