import { describe, expect, it } from "vitest"
import { newPasswordErrors } from "../src/routes/-components/SetPasswordForm"

const owner = { email: "ada.lovelace@folio.test", name: "Ada Lovelace" }
const strong = "correct horse battery staple"

describe("newPasswordErrors", () => {
  it("puts core's rule on the password field, under the form's name for it", () => {
    expect(newPasswordErrors("newPassword", { password: "short", confirm: "short" }, owner)).toEqual({
      newPassword: "Password must be at least 12 characters",
    })
    expect(newPasswordErrors("password", { password: "ada.lovelace-2024!", confirm: "" }, owner)).toEqual({
      password: "Password must not contain your email address",
    })
  })

  it("checks the confirmation only once the password itself is good", () => {
    expect(newPasswordErrors("password", { password: strong, confirm: "" }, owner)).toEqual({
      confirm: "Type the new password again",
    })
    expect(newPasswordErrors("password", { password: strong, confirm: `${strong}!` }, owner)).toEqual({
      confirm: "The passwords do not match",
    })
    expect(newPasswordErrors("password", { password: strong, confirm: strong }, owner)).toEqual({})
  })
})
