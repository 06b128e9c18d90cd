import { type ApiToken, ApiTokenId, CreateApiToken, type CreatedApiToken, type TokenScope } from "@folio/core"
import { Effect, Schema } from "effect"
import { call, signedInTarget } from "../api.js"
import { CliError } from "../cliError.js"
import { decodeInput } from "./validate.js"

interface Flags {
  readonly url?: string | undefined
}

export interface TokenList {
  readonly url: string
  readonly tokens: ReadonlyArray<ApiToken>
}

/** The caller's own API tokens, newest first (the server never lists revoked ones). */
export const listTokens = (flags: Flags): Effect.Effect<TokenList, CliError> =>
  Effect.gen(function* () {
    const target = yield* signedInTarget(flags)
    const tokens = yield* call(target, (client) => client.tokens.list())
    return { url: target.url, tokens }
  })

export interface CreateTokenInput extends Flags {
  readonly name: string
  readonly scopes: ReadonlyArray<TokenScope>
  /** null: the token does not expire. */
  readonly expiresInDays: number | null
}

export interface CreatedToken extends CreatedApiToken {
  readonly url: string
}

export const createToken = (input: CreateTokenInput): Effect.Effect<CreatedToken, CliError> =>
  Effect.gen(function* () {
    const payload = yield* decodeInput(
      CreateApiToken,
      { name: input.name, scopes: input.scopes, expiresInDays: input.expiresInDays },
      { name: "--name", scopes: "--scope", expiresInDays: "--expires-in-days" },
    )
    const target = yield* signedInTarget(input)
    const created = yield* call(target, (client) => client.tokens.create({ payload }))
    return { url: target.url, ...created }
  })

export interface RevokedToken {
  readonly url: string
  readonly token: ApiToken
}

/**
 * Revokes a token by id, or by name when exactly one of the caller's tokens has it. The token
 * is looked up first so the result can say which one went.
 */
export const revokeToken = (input: Flags & { readonly ref: string }): Effect.Effect<RevokedToken, CliError> =>
  Effect.gen(function* () {
    const target = yield* signedInTarget(input)
    const ref = input.ref.trim()
    const tokens = yield* call(target, (client) => client.tokens.list())
    const isId = Schema.is(Schema.UUID)(ref)
    const matches = isId
      ? tokens.filter((token) => token.id === ref)
      : tokens.filter((token) => token.name === ref)
    if (matches.length > 1)
      return yield* Effect.fail(
        new CliError({
          code: "Ambiguous",
          message: `${matches.length} of your API tokens are named "${ref}": ${matches.map((token) => token.id).join(", ")}.`,
          hint: "Pass the id of the one to revoke.",
        }),
      )
    const token = matches[0]
    if (token === undefined)
      return yield* Effect.fail(
        new CliError({
          code: "NotFound",
          message: isId
            ? `You have no API token with the id ${ref} (it may be revoked already).`
            : `You have no API token named "${ref}".`,
          hint: "List them with `folio tokens list`.",
        }),
      )
    const tokenId = ApiTokenId.make(token.id)
    yield* call(target, (client) => client.tokens.revoke({ path: { tokenId } }))
    return { url: target.url, token }
  })
