import { InternalServerError, RateLimited, Unauthorized, ValidationError } from "@folio/core"
import { describe, expect, it } from "vitest"
import { describeFailure } from "../src/failures.js"

const target = { url: "http://127.0.0.1:3000", token: "t", tokenSource: "credential" } as const

describe("describeFailure", () => {
  it("keeps the server's 429 message, which already says when, without saying it twice", () => {
    const error = describeFailure(target)(
      new RateLimited({
        message: "Too many attempts to sign in. Try again in 42 seconds.",
        retryAfterSeconds: 42,
      }),
    )
    expect(error.message).toBe("Too many attempts to sign in. Try again in 42 seconds.")
    expect(error.code).toBe("RateLimited")
  })

  it("adds the wait, rounded to minutes, to a 429 message that lacks it", () => {
    const error = describeFailure(target)(new RateLimited({ message: "Slow down.", retryAfterSeconds: 600 }))
    expect(error.message).toBe("Slow down. Try again in 10 minutes.")
  })

  it("suggests logging in again when the stored credential is rejected", () => {
    const error = describeFailure(target)(new Unauthorized({ message: "Session expired" }))
    expect([error.message, error.hint]).toEqual(["Session expired.", "Run `folio login` to sign in again."])
  })

  it("gives no login hint for a failed sign-in, which sends no token", () => {
    const error = describeFailure({ ...target, token: null, tokenSource: null })(
      new Unauthorized({ message: "Wrong email or password." }),
    )
    expect(error.hint).toBeUndefined()
  })

  it("lists field issues of a ValidationError", () => {
    const error = describeFailure(target)(
      new ValidationError({
        message: "Invalid input",
        issues: [{ path: ["email"], message: "Enter an email" }],
      }),
    )
    expect(error.message).toBe("Invalid input (email: Enter an email).")
  })

  it("shows the digest of an internal error so it can be found in the server log", () => {
    const error = describeFailure(target)(
      new InternalServerError({ message: "Something broke", digest: "abc123" }),
    )
    expect(error.message).toBe("Something broke. Digest: abc123.")
  })
})
