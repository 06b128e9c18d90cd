import { randomUUID } from "node:crypto"
import { Effect } from "effect"
import { errorEventOf, type IncomingError } from "../errorReports/errorEvent.js"
import type { InboxContents } from "../errorReports/filing.js"
import { type IncomingTrace, spanTraces, transactionTrace } from "../errorReports/traceItems.js"
import type { Envelope } from "./envelope.js"
import { badEnvelope, type TunnelRejection } from "./rejection.js"

/**
 * What of an envelope goes into the local inbox: `event` items (errors) and `transaction` and
 * `span` items (traces). Sessions, client reports, logs, replays and attachments are forwarded
 * to Sentry when there is a DSN, but not kept here.
 */
export const inboxContents = (
  envelope: Envelope,
  userAgent: string | undefined,
): Effect.Effect<InboxContents, TunnelRejection> =>
  Effect.gen(function* () {
    const errors: Array<IncomingError> = []
    const traces: Array<IncomingTrace> = []
    for (const [index, item] of envelope.items.entries()) {
      if (item.type === "event") {
        const error = errorEventOf(item.payload, userAgent, randomUUID().replaceAll("-", ""))
        if (error === undefined)
          return yield* badEnvelope(`item ${index + 1} (an event) is not a JSON object.`)
        errors.push(error)
      } else if (item.type === "transaction") {
        traces.push(...transactionTrace(item.payload))
      } else if (item.type === "span") {
        traces.push(...spanTraces(item.payload))
      }
    }
    return { errors, traces }
  })
