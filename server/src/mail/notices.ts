import { Effect, Option } from "effect"
import { UnsubscribeTokens } from "../notifications/unsubscribeTokens.js"
import { EmailOpenTokens, emailOpenPath } from "../readership/emailOpen.js"
import type { NoticeLetter } from "./letters.js"
import { MailRepo } from "./repo.js"
import { digestMessage, type Message, reportMessage, signInNoticeMessage } from "./templates.js"

/** A date and time in `timeZone`, the zone named: "Monday, 6 January 2025 at 07:00:00 UTC". */
export const formatInZone = (at: Date, timeZone: string, withTime = true): string => {
  const options: Intl.DateTimeFormatOptions = withTime
    ? { dateStyle: "full", timeStyle: "long", timeZone }
    : { dateStyle: "long", timeZone }
  try {
    return new Intl.DateTimeFormat("en-GB", options).format(at)
  } catch {
    return new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" }).format(at)
  }
}

const unsubscribeUrl = (origin: string, token: string) => `${origin}/unsubscribe/${token}`

/**
 * Renders a notice from what it references, read now: a report email shows the report as it is
 * when the message goes (a retry after a correction shows the corrected title), and its
 * unsubscribe link is signed now, so no token is ever kept in the outbox.
 */
export const renderNotice = (letter: NoticeLetter, origin: string) =>
  Effect.gen(function* () {
    const repo = yield* MailRepo
    const tokens = yield* UnsubscribeTokens
    const opens = yield* EmailOpenTokens
    const profileUrl = `${origin}/profile`
    switch (letter.template) {
      case "report": {
        const found = yield* repo.findReport(letter.reportId)
        if (Option.isNone(found))
          return yield* Effect.dieMessage(`report ${letter.reportId} no longer exists`)
        const report = found.value
        return reportMessage({
          name: letter.name,
          title: report.title,
          summary: report.summary,
          url: `${origin}/reports/${letter.reportId}`,
          corrected: letter.event === "report.corrected",
          changeNote: letter.changeNote,
          unsubscribeUrl: unsubscribeUrl(origin, yield* tokens.sign("reports", letter.userId)),
          profileUrl,
          openImageUrl: `${origin}${emailOpenPath(yield* opens.sign(letter.userId, letter.reportId))}`,
        }) satisfies Message
      }
      case "digest": {
        const rows = yield* repo.reportsByIds(letter.reportIds)
        const zone = Option.getOrElse(yield* repo.timeZoneOf(letter.userId), () => "UTC")
        const byId = new Map(rows.map((row) => [row.id, row]))
        const reports = letter.reportIds.flatMap((id) => {
          const row = byId.get(id)
          return row
            ? [
                {
                  title: row.title,
                  summary: row.summary,
                  url: `${origin}/reports/${row.id}`,
                  published: row.publishedAt ? formatInZone(row.publishedAt, zone, false) : "",
                },
              ]
            : []
        })
        return digestMessage({
          name: letter.name,
          weekOf: formatInZone(new Date(`${letter.weekOf}T12:00:00Z`), "UTC", false),
          reports,
          more: letter.more,
          reportsUrl: `${origin}/reports`,
          unsubscribeUrl: unsubscribeUrl(origin, yield* tokens.sign("digest", letter.userId)),
          profileUrl,
        }) satisfies Message
      }
      case "sign_in_notice":
        return signInNoticeMessage({
          name: letter.name,
          at: formatInZone(new Date(letter.at), letter.timezone),
          address: letter.ip ?? "unknown",
          userAgent: letter.userAgent ?? "unknown",
          client: letter.client,
          profileUrl,
        }) satisfies Message
    }
  })
