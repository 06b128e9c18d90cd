import { createHash, randomBytes } from "node:crypto"
import type { Role } from "@folio/core"
import { Effect } from "effect"
import type { databaseOf } from "./directory.js"
import { type Caller, matrixUser, type Row } from "./matrix.js"

interface Deps {
  readonly db: () => ReturnType<typeof databaseOf>
  readonly next: () => number
  /** A new CLI session of the caller (its token), so signing it out leaves the caller's own. */
  readonly signIn: (caller: Caller) => Promise<string>
  readonly passwordOf: (role: Role) => string
}

/**
 * Matrix rows for a caller's own account: health, signing in and out, the emailed links (magic
 * link, reset, invite; each consumed for a fresh user of the target company) and SSO, which are
 * public; the caller's API tokens; and the profile with its sessions, including an admin's view
 * of another user's sessions (scoped to the target company's user). Changing the password sets the
 * same one again, so later sign-ins keep working.
 */
export const accountRows = ({ db, next, signIn, passwordOf }: Deps): Record<string, Row> => {
  const freshUser = (companyId: string) => matrixUser(db(), next, companyId)
  const freshToken = (userId: string) =>
    db().query(
      (sql) =>
        sql<{ id: string }>`
      insert into api_tokens (user_id, name, scopes, token_hash, hint)
      values (${userId}, 'matrix', '{read}', decode(md5(random()::text), 'hex'), 'folio_pat_xxxx')
      returning id`,
    )

  /** A live emailed link for a user, as if they had received it (the secret's hash is stored). */
  const freshLink = async (kind: "magic_link" | "reset" | "invite", userId: string) => {
    const token = randomBytes(32).toString("base64url")
    const hash = createHash("sha256").update(token).digest()
    await db().query(
      (sql) => sql`
      insert into auth_links (kind, user_id, token_hash, expires_at)
      values (${kind}, ${userId}, ${hash}, now() + interval '10 minutes')`,
    )
    return token
  }

  /** A live browser session of a user, as if they had signed in elsewhere. */
  const freshSession = (userId: string) =>
    db().query((sql) =>
      sql<{ id: string }>`
        insert into sessions (token_hash, user_id, kind, expires_at)
        values (decode(md5(random()::text), 'hex'), ${userId}, 'browser', now() + interval '1 day')
        returning id`.pipe(Effect.map((rows) => rows[0]?.id ?? "")),
    )

  return {
    "health.health": { access: "public", request: async () => ({ method: "GET", path: "/health" }) },
    "session.signIn": {
      access: "public",
      request: async ({ caller }) => ({
        method: "POST",
        path: "/session",
        body: { email: caller.email, password: passwordOf(caller.role), client: "cli" },
      }),
    },
    "session.me": { access: "signedIn", request: async () => ({ method: "GET", path: "/session" }) },
    "session.signOut": {
      access: "signedIn",
      request: async ({ caller }) => ({ method: "DELETE", path: "/session", token: await signIn(caller) }),
    },
    "auth.requestMagicLink": {
      access: "public",
      request: async ({ caller }) => ({
        method: "POST",
        path: "/auth/magic-link",
        body: { email: caller.email },
      }),
    },
    "auth.consumeMagicLink": {
      access: "public",
      request: async ({ target }) => ({
        method: "POST",
        path: "/auth/magic-link/consume",
        body: { token: await freshLink("magic_link", await freshUser(target.companyId)) },
      }),
    },
    "auth.peekLink": {
      access: "public",
      request: async ({ target }) => ({
        method: "GET",
        path: `/auth/links/reset?token=${await freshLink("reset", await freshUser(target.companyId))}`,
      }),
    },
    "auth.forgotPassword": {
      access: "public",
      request: async ({ caller }) => ({
        method: "POST",
        path: "/auth/forgot-password",
        body: { email: caller.email },
      }),
    },
    "auth.resetPassword": {
      access: "public",
      request: async ({ target }) => ({
        method: "POST",
        path: "/auth/reset-password",
        body: {
          token: await freshLink("reset", await freshUser(target.companyId)),
          password: "a brand new password",
        },
      }),
    },
    "auth.acceptInvite": {
      access: "public",
      request: async ({ target }) => ({
        method: "POST",
        path: "/auth/accept-invite",
        body: {
          token: await freshLink("invite", await freshUser(target.companyId)),
          password: "a brand new password",
        },
      }),
    },
    "auth.ssoConfig": { access: "public", request: async () => ({ method: "GET", path: "/auth/sso" }) },
    // Without OIDC configured both redirect to /login with a reason (sso.test.ts covers the flow).
    "auth.ssoStart": { access: "public", request: async () => ({ method: "GET", path: "/auth/sso/start" }) },
    "auth.ssoCallback": {
      access: "public",
      request: async () => ({ method: "GET", path: "/auth/sso/callback?code=x&state=y" }),
    },
    "profile.get": {
      access: "policy",
      action: "profile.manage",
      need: "read",
      scoped: false,
      request: async () => ({ method: "GET", path: "/profile" }),
    },
    "profile.update": {
      access: "policy",
      action: "profile.manage",
      need: "write",
      scoped: false,
      request: async () => ({ method: "PATCH", path: "/profile", body: { timezone: "Europe/London" } }),
    },
    "profile.changePassword": {
      access: "policy",
      action: "profile.manage",
      need: "admin",
      scoped: false,
      sessionOnly: true,
      // Sets the same password again, so later sign-ins in this file keep working.
      request: async ({ caller }) => ({
        method: "PUT",
        path: "/profile/password",
        body: { currentPassword: passwordOf(caller.role), newPassword: passwordOf(caller.role) },
      }),
    },
    "profile.sessions": {
      access: "policy",
      action: "profile.manage",
      need: "read",
      scoped: false,
      request: async () => ({ method: "GET", path: "/profile/sessions" }),
    },
    "profile.revokeSession": {
      access: "policy",
      action: "profile.manage",
      need: "write",
      scoped: false,
      request: async ({ caller }) => ({
        method: "DELETE",
        path: `/profile/sessions/${await freshSession(caller.userId)}`,
      }),
    },
    "profile.revokeOtherSessions": {
      access: "policy",
      action: "profile.manage",
      need: "write",
      scoped: false,
      request: async () => ({ method: "POST", path: "/profile/sessions/revoke-others" }),
    },
    "profile.userSessions": {
      access: "policy",
      action: "users.manage",
      need: "admin",
      scoped: true,
      request: async ({ target }) => ({ method: "GET", path: `/users/${target.userId}/sessions` }),
    },
    "profile.revokeUserSession": {
      access: "policy",
      action: "users.manage",
      need: "admin",
      scoped: true,
      request: async ({ target }) => ({
        method: "DELETE",
        path: `/users/${target.userId}/sessions/${await freshSession(target.userId)}`,
      }),
    },
    "profile.revokeUserSessions": {
      access: "policy",
      action: "users.manage",
      need: "admin",
      scoped: true,
      request: async ({ target }) => {
        await freshSession(target.userId)
        return { method: "POST", path: `/users/${target.userId}/sessions/revoke-all` }
      },
    },
    "tokens.list": {
      access: "policy",
      action: "developer.tokens",
      need: "read",
      scoped: false,
      request: async () => ({ method: "GET", path: "/tokens" }),
    },
    "tokens.create": {
      access: "policy",
      action: "developer.tokens",
      need: "admin",
      scoped: false,
      request: async () => ({
        method: "POST",
        path: "/tokens",
        body: { name: `matrix ${next()}`, scopes: ["read"], expiresInDays: 1 },
      }),
    },
    "tokens.revoke": {
      access: "policy",
      action: "developer.tokens",
      need: "write",
      scoped: false,
      request: async ({ caller }) => {
        const [token] = await freshToken(caller.userId)
        return { method: "DELETE", path: `/tokens/${token?.id}` }
      },
    },
  }
}
