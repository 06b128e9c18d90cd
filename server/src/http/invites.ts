import { HttpApiBuilder } from "@effect/platform"
import { FolioApi } from "@folio/core"
import { Effect } from "effect"
import { authorize } from "../auth/authorize.js"
import { EmailAuth } from "../auth/emailAuth.js"

export const InvitesLive = HttpApiBuilder.group(FolioApi, "invites", (handlers) =>
  Effect.gen(function* () {
    const auth = yield* EmailAuth
    return handlers.handle("invite", ({ payload }) =>
      authorize("users.manage", "admin").pipe(Effect.flatMap(({ actor }) => auth.invite(actor, payload))),
    )
  }),
)
