import { HttpApiBuilder } from "@effect/platform"
import { FolioApi } from "@folio/core"
import { Effect } from "effect"
import { Audit } from "../audit/audit.js"
import { ApiTokens } from "../auth/apiTokens.js"
import { authorize } from "../auth/authorize.js"

export const TokensLive = HttpApiBuilder.group(FolioApi, "tokens", (handlers) =>
  Effect.gen(function* () {
    const tokens = yield* ApiTokens
    const audit = yield* Audit
    return handlers
      .handle("list", () =>
        authorize("developer.tokens", "read").pipe(Effect.flatMap(({ actor }) => tokens.list(actor.user.id))),
      )
      .handle("create", ({ payload }) =>
        Effect.gen(function* () {
          const { actor } = yield* authorize("developer.tokens", "admin")
          const created = yield* tokens.create(actor.user.id, payload)
          yield* audit.record({
            action: "token.create",
            actor: actor.user,
            target: { type: "api_token", id: created.token.id },
            after: {
              name: created.token.name,
              scopes: created.token.scopes,
              expiresAt: created.token.expiresAt,
            },
          })
          return created
        }),
      )
      .handle("revoke", ({ path }) =>
        Effect.gen(function* () {
          const { actor } = yield* authorize("developer.tokens", "write")
          const revoked = yield* tokens.revoke(actor.user.id, path.tokenId)
          yield* audit.record({
            action: "token.revoke",
            actor: actor.user,
            target: { type: "api_token", id: revoked.id },
            before: { name: revoked.name },
          })
        }),
      )
  }),
)
