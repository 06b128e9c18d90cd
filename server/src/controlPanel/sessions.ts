import type { ActiveSessionParams } from "@folio/core"
import { Effect, type Option } from "effect"
import { AppConfig } from "../config.js"
import { timeCursor, timePage } from "../db/timeCursor.js"
import { ControlPanelRepo } from "./repo.js"

/**
 * Every live session across users (the control panel), most recently active first: not revoked,
 * not expired, not idle past the timeout, of an active account. Ending one or all of a user's is
 * the profile service's (audited there); this only lists.
 */
export class ActiveSessions extends Effect.Service<ActiveSessions>()("@folio/server/ActiveSessions", {
  effect: Effect.gen(function* () {
    const repo = yield* ControlPanelRepo
    const config = yield* AppConfig
    const idleSeconds = config.sessionIdleMinutes * 60

    const list = (params: ActiveSessionParams, current: Option.Option<string>) =>
      Effect.gen(function* () {
        const limit = params.limit ?? 50
        const after = yield* timeCursor(params.cursor, "uuid")
        const search = params.q !== undefined && params.q.trim() !== "" ? params.q.trim() : undefined
        const rows = yield* repo.activeSessions({ idleSeconds, search, after, limit, current })
        const page = timePage(rows, limit, (row) => ({ at: row.seenKey, id: row.id }))
        return { items: page.items.map(({ seenKey: _, ...row }) => row), nextCursor: page.nextCursor }
      })

    return { list } as const
  }),
  dependencies: [ControlPanelRepo.Default],
}) {}
