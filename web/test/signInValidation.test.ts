import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { validateSignIn } from "../src/routes/-components/signInValidation"

describe("validateSignIn", () => {
  it("reports every field's problem at once, in core's words", () => {
    expect(validateSignIn({ email: "ada", password: "" })).toEqual(
      Either.left({ email: "Enter an email address like name@example.com", password: "Enter your password" }),
    )
  })

  it("normalises the email the way the server will", () => {
    const result = validateSignIn({ email: "  Ada@Folio.TEST ", password: "secret" })
    expect(Either.map(result, (payload) => payload.email)).toEqual(Either.right("ada@folio.test"))
  })
})
