import { hash, verify } from "@node-rs/argon2"
import { Effect } from "effect"

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane.
const options = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum, unusable under verbatimModuleSyntax) */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
}

export const hashPassword = (password: string) => Effect.promise(() => hash(password, options))

export const verifyPassword = (passwordHash: string, password: string) =>
  Effect.promise(() => verify(passwordHash, password).catch(() => false))

/**
 * A hash of a random password, verified against when the email is unknown so that a wrong
 * email costs the same time as a wrong password (no account enumeration by timing).
 */
let decoy: Promise<string> | undefined
export const decoyHash = Effect.promise(() => {
  decoy ??= hash(crypto.randomUUID(), options)
  return decoy
})
