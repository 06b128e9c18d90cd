import { HttpServerRequest } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import {
  type AcceptInvite,
  type Actor,
  Conflict,
  type ConsumeMagicLink,
  Forbidden,
  type InviteUser,
  type LinkKind,
  linkRequestedText,
  linkUnusableTexts,
  NotFound,
  passwordProblem,
  type ResetPassword,
  roleLabels,
  rolesForCompanyKind,
  Unauthorized,
  ValidationError,
} from "@folio/core"
import { Effect, Option, Schema } from "effect"
import { Audit } from "../audit/audit.js"
import type { ConfigSettings } from "../config/settings.js"
import { ConfigStore } from "../config/store.js"
import { onUniqueViolation } from "../db/constraints.js"
import { enqueue } from "../jobs/worker.js"
import { Mailer } from "../mail/mailer.js"
import { UsersRepo } from "../users/repo.js"
import { type LinkKind as Kind, Links, wrongCode } from "./links.js"
import { hashPassword } from "./passwords.js"
import { type Limit, RateLimits } from "./rateLimits.js"
import { Sessions } from "./sessions.js"
import { startSession } from "./signIn.js"

const clientIp = Effect.map(HttpServerRequest.HttpServerRequest, (request) =>
  Option.getOrElse(request.remoteAddress, () => "unknown"),
)

const mailLimits = (
  purpose: string,
  email: string,
  ip: string,
  settings: ConfigSettings,
): ReadonlyArray<Limit> => [
  {
    key: `${purpose}:account:${email}`,
    max: settings["limits.email.perAccountPer15Minutes"],
    windowSeconds: 15 * 60,
  },
  {
    key: `${purpose}:ip:${ip}`,
    max: settings["limits.email.perAddressPer15Minutes"],
    windowSeconds: 15 * 60,
  },
]

const magicLinksOffText =
  "Sign-in links are turned off here. Sign in with your password or single sign-on instead."

const badPassword = (problem: string) =>
  new ValidationError({ message: problem, issues: [{ path: ["password"], message: problem }] })

const LinkRequest = Schema.Struct({
  purpose: Schema.Literal("magic-link", "reset"),
  email: Schema.String,
})

/** The `link_request` job: mails a sign-in or reset link when the account can use it. */
export const sendLinkMail = (payload: unknown) =>
  Effect.gen(function* () {
    const { purpose, email } = yield* Schema.decodeUnknown(LinkRequest)(payload)
    const users = yield* UsersRepo
    const mailer = yield* Mailer
    const audit = yield* Audit
    const found = yield* users.findByEmail(email)
    if (Option.isSome(found) && found.value.status === "active") {
      const user = found.value
      // The link and code are issued when the mail is sent (mail/letters.ts).
      yield* mailer.send(user.email, {
        template: purpose === "magic-link" ? "magic_link" : "reset",
        userId: user.id,
        name: user.name,
      })
      yield* audit.record({ action: `auth.${purpose}_requested`, target: { type: "user", id: user.id } })
    }
  })

/**
 * Everything that proves identity by email: sign-in links with their 6-digit code, password
 * resets and invitations. Requests answer the same for unknown emails; every form is limited.
 */
export class EmailAuth extends Effect.Service<EmailAuth>()("@folio/server/EmailAuth", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const users = yield* UsersRepo
    const links = yield* Links
    const mailer = yield* Mailer
    const limits = yield* RateLimits
    const sessions = yield* Sessions
    const audit = yield* Audit
    const config = yield* ConfigStore
    /**
     * Answers once the request is counted against its limits, which are the same for every
     * email, and queued (the `link_request` job, `sendLinkMail`); looking the account up and
     * writing the mail come after the answer, so neither the answer nor its timing tells a known
     * email from an unknown one.
     */
    const requestLink = (purpose: "magic-link" | "reset", email: string) =>
      Effect.gen(function* () {
        const scoped = mailLimits(purpose, email, yield* clientIp, config.settings())
        yield* limits.take(scoped, purpose === "reset" ? "request a reset link" : "request a sign-in link")
        yield* enqueue("link_request", { purpose, email })
        return { message: linkRequestedText }
      })

    const consumeMagicLink = (payload: ConsumeMagicLink) =>
      Effect.gen(function* () {
        if (!config.settings()["auth.magicLink.enabled"]) {
          return yield* new Forbidden({ message: magicLinksOffText })
        }
        const ip = yield* clientIp
        const ipLimit = [{ key: `magic-consume:ip:${ip}`, max: 20, windowSeconds: 60 }]
        yield* limits.take(ipLimit, "sign in")
        const userId =
          "token" in payload
            ? (yield* links.consume("magic_link", payload.token)).userId
            : yield* Effect.gen(function* () {
                const found = yield* users.findByEmail(payload.email)
                if (Option.isNone(found)) {
                  return yield* new Unauthorized({ message: wrongCode })
                }
                yield* links.consumeCode(found.value.id, payload.code)
                return found.value.id
              })
        const user = yield* users.findById(userId)
        if (Option.isNone(user) || user.value.status !== "active") {
          return yield* new Unauthorized({ message: "This account cannot sign in. Ask your administrator." })
        }
        return yield* startSession(user.value, "browser", "token" in payload ? "magic_link" : "magic_code")
      })

    const peek = (kind: LinkKind, token: string) =>
      Effect.gen(function* () {
        const link = yield* links.peek(kind, token)
        const user = yield* Option.match(link, {
          onNone: () => Effect.succeed(Option.none()),
          onSome: (l) => users.findById(l.userId),
        })
        if (Option.isNone(link) || Option.isNone(user)) {
          return yield* new Unauthorized({ message: linkUnusableTexts[kind] })
        }
        return { kind, email: user.value.email, name: user.value.name, expiresAt: link.value.expiresAt }
      })

    /** Sets a password from a reset or invite link, after checking it against the account. */
    const setPasswordFrom = (kind: Kind, input: ResetPassword | AcceptInvite) =>
      Effect.gen(function* () {
        const ip = yield* clientIp
        const ipLimit = [{ key: `set-password:ip:${ip}`, max: 20, windowSeconds: 60 }]
        yield* limits.take(ipLimit, "set a password")
        const link = yield* links.peek(kind, input.token)
        const user = yield* Option.match(link, {
          onNone: () => Effect.succeed(Option.none()),
          onSome: (l) => users.findById(l.userId),
        })
        if (Option.isSome(user)) {
          const problem = passwordProblem(input.password, user.value)
          if (problem) return yield* badPassword(problem)
        }
        const used = yield* links.consume(kind, input.token)
        yield* users.setPassword(used.userId, yield* hashPassword(input.password))
        // A reset means the old password may be known to someone else: end every session.
        yield* sessions.revokeAllForUser(used.userId)
        yield* audit.record({
          action: kind === "invite" ? "auth.invite_accepted" : "auth.password_reset",
          target: { type: "user", id: used.userId },
        })
      })

    const createInvite = (actor: Actor, input: InviteUser) =>
      Effect.gen(function* () {
        const companies = yield* sql<{ id: string; name: string; kind: "publisher" | "client" }>`
          select id, name, kind from companies where id = ${input.companyId}`.pipe(Effect.orDie)
        const company = companies[0]
        if (!company) return yield* new NotFound({ message: "No such company." })
        if (!rolesForCompanyKind(company.kind).includes(input.role)) {
          const message = `People in a client company can be ${rolesForCompanyKind("client")
            .map((r) => roleLabels[r].toLowerCase())
            .join(" or ")}, not ${roleLabels[input.role].toLowerCase()}.`
          return yield* new ValidationError({ message, issues: [{ path: ["role"], message }] })
        }
        const rows = yield* sql<{ id: string }>`
          insert into users (email, name, company_id, role, status)
          values (${input.email}, ${input.name}, ${company.id}, ${input.role}, 'invited')
          returning id`.pipe(
          onUniqueViolation({
            users_email_unique: () => new Conflict({ message: `${input.email} already has an account.` }),
          }),
          Effect.catchTag("SqlError", Effect.die),
        )
        const userId = rows[0]!.id
        yield* mailer.send(input.email, {
          template: "invite",
          userId,
          name: input.name,
          inviter: actor.user.name,
          company: company.name,
        })
        yield* audit.record({
          action: "user.invite",
          actor: actor.user,
          target: { type: "user", id: userId },
          after: { email: input.email, name: input.name, companyId: company.id, role: input.role },
        })
        const created = yield* users.findById(userId)
        const { passwordHash: _, company: __, ...user } = Option.getOrThrow(created)
        return user
      })

    /** An invitation that is refused (no such company, a taken email) does not count. */
    const invite = (actor: Actor, input: InviteUser) =>
      Effect.gen(function* () {
        // 100 an hour per admin: room to onboard a client's whole desk at once (and the end-to-end
        // suite's invitations, all made by one admin), still a bound on a stolen admin session.
        const scoped = [{ key: `invite:actor:${actor.user.id}`, max: 100, windowSeconds: 3600 }]
        const taken = yield* limits.take(scoped, "send invitations")
        return yield* createInvite(actor, input).pipe(Effect.tapError(() => limits.release(taken)))
      })

    return {
      requestMagicLink: (email: string) =>
        config.settings()["auth.magicLink.enabled"]
          ? requestLink("magic-link", email)
          : Effect.fail(new Forbidden({ message: magicLinksOffText })),
      forgotPassword: (email: string) => requestLink("reset", email),
      consumeMagicLink,
      peek,
      resetPassword: (input: ResetPassword) => setPasswordFrom("reset", input),
      acceptInvite: (input: AcceptInvite) => setPasswordFrom("invite", input),
      invite,
    } as const
  }),
  dependencies: [
    Links.Default,
    Mailer.Default,
    UsersRepo.Default,
    RateLimits.Default,
    Sessions.Default,
    Audit.Default,
  ],
}) {}
