import { Schema } from "effect"
import { ApiTokenId } from "../ids.js"
import { singleLineText } from "../schema/text.js"

/**
 * `read` may call GET endpoints; `write` may change data the role may change; `admin` may also
 * use admin-only endpoints (users, companies, config). A token never exceeds its owner's role.
 */
export const tokenScopes = ["read", "write", "admin"] as const
export const TokenScope = Schema.Literal(...tokenScopes)
export type TokenScope = typeof TokenScope.Type

export const apiTokenPrefix = "folio_pat_"

export const ApiToken = Schema.Struct({
  id: ApiTokenId,
  name: Schema.String,
  scopes: Schema.Array(TokenScope),
  /** The first characters of the secret, so a user can tell tokens apart. */
  hint: Schema.String,
  createdAt: Schema.Date,
  expiresAt: Schema.NullOr(Schema.Date),
  lastUsedAt: Schema.NullOr(Schema.Date),
})
export type ApiToken = typeof ApiToken.Type

export const CreateApiToken = Schema.Struct({
  name: Schema.Trim.pipe(
    Schema.minLength(1, { message: () => "Give the token a name" }),
    Schema.maxLength(80, { message: () => "Token names are at most 80 characters" }),
    singleLineText("Token names"),
  ),
  scopes: Schema.Array(TokenScope).pipe(Schema.minItems(1, { message: () => "Choose at least one scope" })),
  /** Days until the token stops working; null for a token that does not expire. */
  expiresInDays: Schema.NullOr(
    Schema.Int.pipe(Schema.between(1, 366, { message: () => "Expiry must be between 1 and 366 days" })),
  ),
})
export type CreateApiToken = typeof CreateApiToken.Type

export const CreatedApiToken = Schema.Struct({
  token: ApiToken,
  /** The secret, shown once: only its hash is stored. */
  secret: Schema.String,
})
export type CreatedApiToken = typeof CreatedApiToken.Type
