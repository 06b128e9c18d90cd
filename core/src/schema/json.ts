import { Schema } from "effect"

/** Any JSON value, named so the OpenAPI document defines it once under components. */
export const JsonValue = Schema.Unknown.annotations({
  identifier: "JsonValue",
  description: "Any JSON value",
})
