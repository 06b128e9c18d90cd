import type { AuditEntry, UserDetail } from "@folio/core"
import { describe, expect, it } from "vitest"
import { activityText, describeActivity } from "../src/routes/_app/-components/users/activity"

const subject = {
  id: "u-casey",
  name: "Casey Change",
  company: { id: "c-acme", name: "Acme", kind: "client" },
  teams: [{ teamId: "t-macro", name: "Macro", role: "lead" }],
} as unknown as UserDetail

const entry = (fields: Partial<AuditEntry>): AuditEntry => ({
  id: "1",
  at: new Date("2026-03-12T14:05:00Z"),
  actorId: null,
  actorEmail: null,
  action: "auth.sign_in",
  targetType: null,
  targetId: null,
  before: null,
  after: null,
  ip: null,
  ...fields,
})
const admin = { actorId: "u-admin", actorEmail: "admin@folio.test" }
const describe_ = (fields: Partial<AuditEntry>) => describeActivity(entry(fields), subject)

describe("describeActivity", () => {
  it.each<[string, Partial<AuditEntry>, string]>([
    [
      "a sign-in, with its method and client",
      {
        actorId: "u-casey",
        actorEmail: "casey@acme.test",
        targetType: "user",
        targetId: "u-casey",
        after: { method: "magic_code", client: "cli" },
      },
      "Casey Change signed in with an emailed code to the CLI",
    ],
    [
      "an admin's role change, before and after",
      {
        ...admin,
        action: "user.set_role",
        targetType: "user",
        targetId: "u-casey",
        before: { role: "reader" },
        after: { role: "developer" },
      },
      "admin@folio.test changed the role of Casey Change from Reader to Developer",
    ],
    [
      "a failed sign-in, which has no actor",
      {
        action: "auth.sign_in_failed",
        targetType: "user",
        targetId: "u-casey",
        after: { email: "casey@acme.test" },
      },
      "Someone failed to sign in as Casey Change",
    ],
    [
      "a reset through an emailed link, done by the person the link was for",
      { action: "auth.password_reset", targetType: "user", targetId: "u-casey" },
      "Casey Change reset their password from an emailed link",
    ],
    [
      "an admin ending every session, with the count",
      {
        ...admin,
        action: "auth.sessions_revoke_all",
        targetType: "user",
        targetId: "u-casey",
        after: { revoked: 2 },
      },
      "admin@folio.test signed out Casey Change everywhere (2 sessions)",
    ],
    [
      "being added to a team of their company",
      {
        ...admin,
        action: "team.add_member",
        targetType: "team",
        targetId: "t-macro",
        after: { userId: "u-casey", email: "casey@acme.test", role: "lead" },
      },
      "admin@folio.test added Casey Change to Macro as lead",
    ],
    [
      "an action the console does not know yet, by its code",
      { ...admin, action: "report.publish", targetType: "report", targetId: "r-1" },
      "admin@folio.test did report.publish on a report",
    ],
  ])("%s", (_, fields, expected) => {
    expect(activityText(describe_(fields))).toBe(expected)
  })

  it("links other people and the subject's teams, never the subject", () => {
    const invited = describe_({
      ...admin,
      action: "user.invite",
      targetType: "user",
      targetId: "u-casey",
      after: { email: "casey@acme.test", role: "reader" },
    })
    expect(invited.actor).toEqual({ link: "user", id: "u-admin", label: "admin@folio.test" })
    expect(invited.parts).toEqual(["invited", "Casey Change", "as", "Reader"])

    const added = describe_({
      ...admin,
      action: "team.add_member",
      targetType: "team",
      targetId: "t-macro",
      after: { userId: "u-casey", role: "member" },
    })
    expect(added.parts[3]).toEqual({ link: "team", id: "t-macro", companyId: "c-acme", label: "Macro" })
  })
})
