import { HttpApiBuilder } from "@effect/platform"
import { FolioApi, Forbidden, NotFound } from "@folio/core"
import { Effect, Option } from "effect"
import { authorize } from "../auth/authorize.js"
import { Profiles } from "../profile/service.js"
import { UsersRepo } from "../users/repo.js"

export const ProfileLive = HttpApiBuilder.group(FolioApi, "profile", (handlers) =>
  Effect.gen(function* () {
    const profiles = yield* Profiles
    const users = yield* UsersRepo
    const existingUser = (userId: string) =>
      users.findById(userId).pipe(
        Effect.flatMap(
          Option.match({
            onNone: () => Effect.fail(new NotFound({ message: "No such user." })),
            onSome: Effect.succeed,
          }),
        ),
      )

    return handlers
      .handle("get", () =>
        authorize("profile.manage", "read").pipe(Effect.flatMap(({ actor }) => profiles.get(actor.user.id))),
      )
      .handle("update", ({ payload }) =>
        authorize("profile.manage", "write").pipe(
          Effect.flatMap(({ actor }) => profiles.update(actor, payload)),
        ),
      )
      .handle("changePassword", ({ payload }) =>
        Effect.gen(function* () {
          const { actor } = yield* authorize("profile.manage", "admin")
          // A leaked API token must not be able to take the account over.
          if (actor.via === "token") {
            return yield* new Forbidden({
              message: "Change your password in the console or after `folio login`, not with an API token.",
            })
          }
          return yield* profiles.changePassword(actor, payload)
        }),
      )
      .handle("sessions", () =>
        authorize("profile.manage", "read").pipe(
          Effect.flatMap(({ actor }) => profiles.listSessions(actor.user.id, actor.sessionId)),
        ),
      )
      .handle("revokeSession", ({ path }) =>
        authorize("profile.manage", "write").pipe(
          Effect.flatMap(({ actor }) => profiles.revokeSession(actor, actor.user.id, path.sessionId)),
        ),
      )
      .handle("revokeOtherSessions", () =>
        authorize("profile.manage", "write").pipe(
          Effect.flatMap(({ actor }) => profiles.revokeOthers(actor)),
        ),
      )
      .handle("userSessions", ({ path }) =>
        Effect.gen(function* () {
          const { actor } = yield* authorize("users.manage", "admin")
          yield* existingUser(path.userId)
          return yield* profiles.listSessions(
            path.userId,
            Option.filter(actor.sessionId, () => actor.user.id === path.userId),
          )
        }),
      )
      .handle("revokeUserSession", ({ path }) =>
        Effect.gen(function* () {
          const { actor } = yield* authorize("users.manage", "admin")
          yield* existingUser(path.userId)
          yield* profiles.revokeSession(actor, path.userId, path.sessionId)
        }),
      )
      .handle("revokeUserSessions", ({ path }) =>
        Effect.gen(function* () {
          const { actor } = yield* authorize("users.manage", "admin")
          yield* existingUser(path.userId)
          return yield* profiles.revokeAllOf(actor, path.userId)
        }),
      )
  }),
)
