import { Effect } from "effect"
import type { Attempt, ClaimedDelivery } from "./deliver.js"

/** Email deliveries: being written (issue 11); until then an email delivery ends dead with this message. */
export const deliverEmail = (_delivery: ClaimedDelivery) =>
  Effect.succeed<Attempt>({ kind: "dead", message: "Email channels cannot send yet in this build" })
