import { SqlClient } from "@effect/sql"
import {
  type Actor,
  Conflict,
  NotFound,
  type Role,
  roleLabels,
  rolesForCompanyKind,
  type SetUserStatus,
  type UserDetail,
  type UserListParams,
  ValidationError,
} from "@folio/core"
import { Effect, Option } from "effect"
import { Audit } from "../audit/audit.js"
import { Sessions } from "../auth/sessions.js"
import type { Reach } from "../companies/reach.js"
import { UsersRepo } from "./repo.js"

const userNotFound = () => new NotFound({ message: "No such user." })

const isActiveAdmin = (user: UserDetail) => user.role === "admin" && user.status === "active"

/** There must always be someone who can manage the installation. */
const lastAdmin = (actor: Actor, user: UserDetail, change: string) =>
  new Conflict({
    message:
      actor.user.id === user.id
        ? `You are the last active admin, so you cannot ${change} yourself. Make someone else an admin first.`
        : `${user.name} is the last active admin and cannot be ${change === "demote" ? "demoted" : "disabled"}. Make someone else an admin first.`,
  })

export class Users extends Effect.Service<Users>()("@folio/server/Users", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* UsersRepo
    const audit = yield* Audit
    const sessions = yield* Sessions
    const transaction = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      effect.pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))
    const reload = (id: string) => repo.findDetail(id, Option.none()).pipe(Effect.map(Option.getOrThrow))

    const list = (params: UserListParams, reach: Reach) => repo.list(params, reach)

    const get = (id: string, reach: Reach) =>
      repo
        .findDetail(id, reach)
        .pipe(
          Effect.flatMap(Option.match({ onNone: () => Effect.fail(userNotFound()), onSome: Effect.succeed })),
        )

    const lock = (id: string) =>
      repo.lockForChange(id).pipe(
        Effect.flatMap(({ user, activeAdmins }) =>
          Option.match(user, {
            onNone: () => Effect.fail(userNotFound()),
            onSome: (found) => Effect.succeed({ user: found, activeAdmins }),
          }),
        ),
      )

    const setRole = (actor: Actor, id: string, role: Role) =>
      transaction(
        Effect.gen(function* () {
          const { user, activeAdmins } = yield* lock(id)
          if (user.role === role) return user
          if (!rolesForCompanyKind(user.company.kind).includes(role)) {
            return yield* ValidationError.field(
              "role",
              `${roleLabels[role]} is a publisher role: people of ${user.company.name} can be readers or developers.`,
            )
          }
          if (isActiveAdmin(user) && activeAdmins <= 1) return yield* lastAdmin(actor, user, "demote")
          yield* repo.setRole(id, role)
          yield* audit.record({
            action: "user.set_role",
            actor: actor.user,
            target: { type: "user", id },
            before: { role: user.role },
            after: { role },
          })
          return yield* reload(id)
        }),
      )

    const setStatus = (actor: Actor, id: string, status: SetUserStatus["status"]) =>
      transaction(
        Effect.gen(function* () {
          const { user, activeAdmins } = yield* lock(id)
          if (user.status === status) return user
          if (user.status === "invited" && status === "active") {
            return yield* new Conflict({
              message: `${user.name} has not accepted their invitation yet; they become active when they set a password.`,
            })
          }
          if (status === "disabled" && isActiveAdmin(user) && activeAdmins <= 1) {
            return yield* lastAdmin(actor, user, "disable")
          }
          yield* repo.setStatus(id, status)
          if (status === "disabled") yield* sessions.revokeAllForUser(id)
          yield* audit.record({
            action: status === "disabled" ? "user.disable" : "user.enable",
            actor: actor.user,
            target: { type: "user", id },
            before: { status: user.status },
            after: { status },
          })
          return yield* reload(id)
        }),
      )

    return { list, get, setRole, setStatus } as const
  }),
  dependencies: [UsersRepo.Default, Audit.Default, Sessions.Default],
}) {}
