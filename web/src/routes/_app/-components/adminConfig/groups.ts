import { type KnownConfigKey, knownConfigKeys } from "@folio/core"

export interface KeyGroup {
  readonly id: string
  readonly title: string
  readonly description: string
  readonly keys: ReadonlyArray<KnownConfigKey>
}

const groupOf: ReadonlyArray<{ prefix: string; id: string; title: string; description: string }> = [
  {
    prefix: "maintenance.",
    id: "maintenance",
    title: "Maintenance",
    description: "Turn the console away from everyone but admins while Folio is being worked on.",
  },
  { prefix: "banner.", id: "banner", title: "Banner", description: "A line above every signed-in page." },
  { prefix: "auth.", id: "sign-in", title: "Sign-in", description: "The ways people may sign in." },
  {
    prefix: "limits.",
    id: "limits",
    title: "Limits",
    description: "How many sign-in attempts and emails one account or address gets.",
  },
  {
    prefix: "errorReports.",
    id: "error-reports",
    title: "Error reports",
    description: "The error inbox's housekeeping.",
  },
  { prefix: "ai.", id: "ai", title: "AI", description: "The AI provider's credentials." },
]

/** Folio's own keys in the groups the screen shows them in; a key no group names goes under "Other". */
export const keyGroups: ReadonlyArray<KeyGroup> = (() => {
  const groups = groupOf.map(({ prefix, ...group }) => ({
    ...group,
    keys: knownConfigKeys.filter((entry) => entry.key.startsWith(prefix)),
  }))
  const other = knownConfigKeys.filter((entry) => !groupOf.some(({ prefix }) => entry.key.startsWith(prefix)))
  return other.length === 0
    ? groups
    : [...groups, { id: "other", title: "Other", description: "Other keys Folio reads.", keys: other }]
})()
