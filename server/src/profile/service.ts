import {
  type Actor,
  type ChangePassword,
  defaultNotificationPreferences,
  NotFound,
  NotificationPreferences,
  type Profile,
  passwordProblem,
  SessionInfo,
  Unauthorized,
  type UpdateProfile,
  ValidationError,
} from "@folio/core"
import { Effect, Option, Schema } from "effect"
import { Audit } from "../audit/audit.js"
import { hashPassword, verifyPassword } from "../auth/passwords.js"
import { RateLimits } from "../auth/rateLimits.js"
import { Sessions } from "../auth/sessions.js"
import { UsersRepo } from "../users/repo.js"
import { ProfilesRepo } from "./repo.js"

const decodePreferences = Schema.decodeUnknownOption(
  Schema.partialWith(NotificationPreferences, { exact: true }),
)
const decodeSessions = Schema.decodeUnknown(
  Schema.Array(
    Schema.Struct({
      ...SessionInfo.fields,
      createdAt: Schema.DateFromSelf,
      lastSeenAt: Schema.DateFromSelf,
      expiresAt: Schema.DateFromSelf,
    }),
  ),
)

/** The signed-in user's own account: details, preferences, password and sessions. */
export class Profiles extends Effect.Service<Profiles>()("@folio/server/Profiles", {
  effect: Effect.gen(function* () {
    const repo = yield* ProfilesRepo
    const users = yield* UsersRepo
    const sessions = yield* Sessions
    const limits = yield* RateLimits
    const audit = yield* Audit

    const get = (userId: string) =>
      Effect.gen(function* () {
        const found = yield* users.findById(userId)
        // The caller was just authenticated, so a missing row is a defect, not a 404.
        if (Option.isNone(found)) return yield* Effect.dieMessage(`user ${userId} vanished`)
        const stored = Option.getOrUndefined(decodePreferences(yield* repo.preferences(userId)))
        const defaults = defaultNotificationPreferences
        const { passwordHash, company: _, ...user } = found.value
        return {
          user,
          notifications: {
            reportPublished: stored?.reportPublished ?? defaults.reportPublished,
            weeklyDigest: stored?.weeklyDigest ?? defaults.weeklyDigest,
            newSignIn: stored?.newSignIn ?? defaults.newSignIn,
          },
          hasPassword: passwordHash !== null,
        } satisfies Profile
      })

    const update = (actor: Actor, input: UpdateProfile) =>
      Effect.gen(function* () {
        const before = yield* get(actor.user.id)
        yield* repo.update(actor.user.id, input)
        const after = yield* get(actor.user.id)
        yield* audit.record({
          action: "profile.update",
          actor: actor.user,
          target: { type: "user", id: actor.user.id },
          before: {
            name: before.user.name,
            timezone: before.user.timezone,
            notifications: before.notifications,
          },
          after: { name: after.user.name, timezone: after.user.timezone, notifications: after.notifications },
        })
        return after
      })

    const changePassword = (actor: Actor, input: ChangePassword) =>
      Effect.gen(function* () {
        const limit = [{ key: `password-change:account:${actor.user.id}`, max: 5, windowSeconds: 15 * 60 }]
        const taken = yield* limits.take(limit, "change your password")
        const found = yield* users.findById(actor.user.id)
        const hash = Option.flatMap(found, (u) => Option.fromNullable(u.passwordHash))
        const ok = Option.isSome(hash) && (yield* verifyPassword(hash.value, input.currentPassword))
        if (!ok) return yield* new Unauthorized({ message: "Your current password is not right." })
        // Only wrong current passwords count against the limit.
        yield* limits.release(taken)
        const problem = passwordProblem(input.newPassword, actor.user)
        if (problem) {
          return yield* new ValidationError({
            message: problem,
            issues: [{ path: ["newPassword"], message: problem }],
          })
        }
        yield* users.setPassword(actor.user.id, yield* hashPassword(input.newPassword))
        const revoked = yield* sessions.revokeOthers(actor.user.id, actor.sessionId)
        yield* audit.record({
          action: "auth.password_change",
          actor: actor.user,
          target: { type: "user", id: actor.user.id },
          after: { otherSessionsEnded: revoked },
        })
        return { revoked }
      })

    const listSessions = (userId: string, current: Option.Option<string>) =>
      sessions.listForUser(userId, current).pipe(Effect.flatMap(decodeSessions), Effect.orDie)

    const revokeSession = (actor: Actor, userId: string, sessionId: string) =>
      Effect.gen(function* () {
        const done = yield* sessions.revokeForUser(userId, sessionId)
        if (!done) return yield* new NotFound({ message: "No such session, or it has already ended." })
        // Filed under the user, so it shows in their activity; the session is in `after`.
        yield* audit.record({
          action: "auth.session_revoke",
          actor: actor.user,
          target: { type: "user", id: userId },
          after: { sessionId },
        })
      })

    /** Ends every session of a user (an admin's action); on one's own account the current one stays. */
    const revokeAllOf = (actor: Actor, userId: string) =>
      Effect.gen(function* () {
        const keep = Option.filter(actor.sessionId, () => actor.user.id === userId)
        const revoked = yield* sessions.revokeOthers(userId, keep)
        yield* audit.record({
          action: "auth.sessions_revoke_all",
          actor: actor.user,
          target: { type: "user", id: userId },
          after: { revoked },
        })
        return { revoked }
      })

    const revokeOthers = (actor: Actor) =>
      Effect.gen(function* () {
        const revoked = yield* sessions.revokeOthers(actor.user.id, actor.sessionId)
        yield* audit.record({
          action: "auth.sign_out_others",
          actor: actor.user,
          target: { type: "user", id: actor.user.id },
          after: { revoked },
        })
        return { revoked }
      })

    return { get, update, changePassword, listSessions, revokeSession, revokeOthers, revokeAllOf } as const
  }),
  dependencies: [
    ProfilesRepo.Default,
    UsersRepo.Default,
    Sessions.Default,
    RateLimits.Default,
    Audit.Default,
  ],
}) {}
