import { Schema } from "effect"
import { singleLineText } from "./text.js"

/**
 * An email address as users type it: trimmed and lower-cased on decode, so lookups are
 * case-insensitive everywhere without each caller remembering to normalise.
 */
export const Email = Schema.Trim.pipe(
  Schema.compose(Schema.Lowercase),
  Schema.maxLength(254, { message: () => "Email is too long (at most 254 characters)" }),
  singleLineText("Email"),
  Schema.pattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, {
    message: () => "Enter an email address like name@example.com",
  }),
  Schema.brand("Email"),
)
export type Email = typeof Email.Type
