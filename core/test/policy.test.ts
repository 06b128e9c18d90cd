import { describe, expect, it } from "vitest"
import { actions, can, grantFor, policy } from "../src/domain/policy.js"
import { roles } from "../src/domain/role.js"

describe("policy matrix", () => {
  it("has an explicit grant for every role on every action", () => {
    for (const action of actions) {
      for (const role of roles) {
        expect(["all", "own", "none"], `${action} × ${role}`).toContain(policy[action][role])
      }
      expect(Object.keys(policy[action]).sort()).toEqual([...roles].sort())
    }
  })

  it("gives admins every action", () => {
    expect(actions.filter((action) => !can("admin", action))).toEqual([])
  })

  it("keeps readers to reading what they are entitled to", () => {
    expect(grantFor("reader", "reports.read")).toBe("own")
    expect(can("reader", "reports.create")).toBe(false)
    expect(can("reader", "users.manage")).toBe(false)
    expect(can("reader", "developer.tokens")).toBe(false)
  })

  it("lets developers manage API tokens and error reports but not publish", () => {
    expect(can("developer", "developer.tokens")).toBe(true)
    expect(can("developer", "developer.errorReports")).toBe(true)
    expect(can("developer", "reports.publish")).toBe(false)
  })

  it("lets analysts edit only their own reports and editors review", () => {
    expect(grantFor("analyst", "reports.edit")).toBe("own")
    expect(can("analyst", "reports.review")).toBe(false)
    expect(can("editor", "reports.publish")).toBe(true)
  })
})
