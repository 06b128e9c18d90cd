import type { SqlClient } from "@effect/sql"
import { defaultNotificationPreferences, type NotificationPreferences } from "@folio/core"

export type PreferenceKey = keyof NotificationPreferences

/**
 * Whether `users.notification_prefs` (of the user aliased `u`) has `key` on. A key never saved
 * takes core's default, as /profile shows it: report emails and sign-in notices on, the digest off.
 */
export const preferenceOn = (sql: SqlClient.SqlClient, key: PreferenceKey) =>
  sql`coalesce((u.notification_prefs ->> ${key})::boolean, ${defaultNotificationPreferences[key]})`

/** What an unsubscribe link turns off: report emails, or the weekly digest. */
export const unsubscribeTopics = {
  reports: "reportPublished",
  digest: "weeklyDigest",
} as const satisfies Record<string, PreferenceKey>

export type UnsubscribeTopic = keyof typeof unsubscribeTopics

/** How the unsubscribe pages name what was turned off. */
export const topicLabels: Record<UnsubscribeTopic, string> = {
  reports: "report emails",
  digest: "the weekly digest",
}
