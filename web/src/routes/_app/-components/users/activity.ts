import { type AuditEntry, type Role, roleLabels, type UserDetail } from "@folio/core"

/** A piece of an activity sentence: words, or a person, team or company to link to. */
export type ActivityPart =
  | string
  | { readonly link: "user"; readonly id: string; readonly label: string }
  | { readonly link: "team"; readonly id: string; readonly companyId: string; readonly label: string }
  | { readonly link: "company"; readonly id: string; readonly label: string }

/** "who did what to which object", as a sentence the timeline renders: actor, then the rest. */
export interface Activity {
  readonly actor: ActivityPart
  readonly parts: ReadonlyArray<ActivityPart>
}

/** The sentence as plain text (for tests, titles and screen readers). */
export const activityText = (activity: Activity): string =>
  [activity.actor, ...activity.parts].map((part) => (typeof part === "string" ? part : part.label)).join(" ")

const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null && key in value
    ? (value as Record<string, unknown>)[key]
    : undefined
const text = (value: unknown, key: string): string | undefined => {
  const found = field(value, key)
  return typeof found === "string" ? found : undefined
}
const count = (value: unknown, key: string): number | undefined => {
  const found = field(value, key)
  return typeof found === "number" ? found : undefined
}
const roleLabel = (value: string | undefined): string =>
  value !== undefined && value in roleLabels ? roleLabels[value as Role] : (value ?? "unknown")
const sessionsCount = (n: number | undefined): ReadonlyArray<string> =>
  n === undefined ? [] : [`(${n === 1 ? "1 session" : `${n} sessions`})`]

const signInMethods: Record<string, string> = {
  password: "with a password",
  magic_link: "with an emailed link",
  magic_code: "with an emailed code",
  sso: "with single sign-on",
}

/**
 * Turns an audit entry about `subject` (they acted, or were acted upon) into a sentence, e.g.
 * "admin@folio.test changed the role of Casey from Reader to Developer". Unknown actions fall
 * back to their code, so a new kind of entry still shows up.
 */
export const describeActivity = (entry: AuditEntry, subject: UserDetail): Activity => {
  const person = (id: string | null | undefined, email?: string | null): ActivityPart =>
    id === subject.id
      ? subject.name
      : id === null || id === undefined
        ? (email ?? "someone")
        : { link: "user", id, label: email ?? "another user" }
  const target = entry.targetType === "user" ? person(entry.targetId, text(entry.after, "email")) : undefined
  // Acts through an emailed link or the identity provider have no signed-in actor: the person is the target.
  const actor: ActivityPart =
    entry.actorId !== null
      ? person(entry.actorId, entry.actorEmail)
      : entry.action === "auth.sign_in_failed"
        ? "Someone"
        : (target ?? "Someone")
  const onSelf = entry.actorId !== null && entry.actorId === entry.targetId
  const teamOf = (userId: string | undefined): ActivityPart => {
    const label = subject.teams.find((team) => team.teamId === entry.targetId)?.name ?? "a team"
    // A team is in its members' company, so it can be linked when the member is the subject.
    return userId === subject.id && entry.targetId !== null
      ? { link: "team", id: entry.targetId, companyId: subject.company.id, label }
      : label
  }
  const member = () => {
    const userId = text(entry.after, "userId") ?? text(entry.before, "userId")
    const email = text(entry.after, "email") ?? text(entry.before, "email")
    return { who: person(userId, email), team: teamOf(userId) }
  }
  const named = (kind: string) => {
    const name = text(entry.after, "name") ?? text(entry.before, "name")
    return name === undefined ? [kind] : [kind, `“${name}”`]
  }

  const parts = ((): ReadonlyArray<ActivityPart> => {
    switch (entry.action) {
      case "auth.sign_in": {
        const method = signInMethods[text(entry.after, "method") ?? ""]
        return [
          "signed in",
          ...(method ? [method] : []),
          ...(text(entry.after, "client") === "cli" ? ["to the CLI"] : []),
        ]
      }
      case "auth.sign_in_failed":
        return ["failed to sign in as", target ?? text(entry.after, "email") ?? "an unknown account"]
      case "auth.sign_out":
        return ["signed out"]
      case "auth.password_change":
        return ["changed their password"]
      case "auth.password_reset":
        return ["reset their password from an emailed link"]
      case "auth.invite_accepted":
        return ["accepted the invitation and set a password"]
      case "auth.magic-link_requested":
        return ["asked for a sign-in link"]
      case "auth.reset_requested":
        return ["asked for a password reset link"]
      case "auth.session_revoke":
        return onSelf
          ? ["signed out one of their sessions"]
          : ["signed out a session of", target ?? "someone"]
      case "auth.sign_out_others":
        return ["signed out everywhere else", ...sessionsCount(count(entry.after, "revoked"))]
      case "auth.sessions_revoke_all":
        return [
          ...(onSelf ? ["signed out everywhere else"] : ["signed out", target ?? "someone", "everywhere"]),
          ...sessionsCount(count(entry.after, "revoked")),
        ]
      case "user.invite":
        return ["invited", target ?? "someone", "as", roleLabel(text(entry.after, "role"))]
      case "user.create_by_sso":
        return ["joined through single sign-on as", roleLabel(text(entry.after, "role"))]
      case "user.set_role":
        return [
          "changed the role of",
          target ?? "someone",
          `from ${roleLabel(text(entry.before, "role"))} to ${roleLabel(text(entry.after, "role"))}`,
        ]
      case "user.disable":
        return ["disabled", target ?? "someone"]
      case "user.enable":
        return ["enabled", target ?? "someone"]
      case "profile.update":
        return ["updated their profile"]
      case "team.add_member": {
        const { who, team } = member()
        return ["added", who, "to", team, `as ${text(entry.after, "role") ?? "member"}`]
      }
      case "team.set_member_role": {
        const { who, team } = member()
        return ["made", who, `${text(entry.after, "role") === "lead" ? "a lead" : "a member"} of`, team]
      }
      case "team.remove_member": {
        const { who, team } = member()
        return ["removed", who, "from", team]
      }
      case "token.create":
        return ["created", ...named("the API token")]
      case "token.revoke":
        return ["revoked", ...named("the API token")]
      case "company.create":
      case "company.update": {
        const name = text(entry.after, "name") ?? text(entry.before, "name") ?? "a company"
        return [
          entry.action === "company.create" ? "created the company" : "updated the company",
          entry.targetId === null ? name : { link: "company", id: entry.targetId, label: name },
        ]
      }
      case "team.create":
      case "team.update": {
        const name = text(entry.after, "name") ?? "a team"
        const companyId = text(entry.after, "companyId")
        return [
          entry.action === "team.create" ? "created the team" : "updated the team",
          entry.targetId === null || companyId === undefined
            ? name
            : { link: "team", id: entry.targetId, companyId, label: name },
        ]
      }
      case "team.delete":
        return ["deleted", ...named("the team")]
      default:
        return [
          `did ${entry.action}`,
          ...(entry.targetType === null
            ? []
            : ["on", target ?? `a ${entry.targetType.replaceAll("_", " ")}`]),
        ]
    }
  })()
  return { actor, parts }
}
