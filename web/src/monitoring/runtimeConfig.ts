import { ConsoleRuntimeConfig } from "@folio/core"
import { Either, Schema } from "effect"

const placeholder = "__FOLIO_RUNTIME_CONFIG__"
const decode = Schema.decodeUnknownEither(Schema.parseJson(ConsoleRuntimeConfig))

/**
 * The settings the server writes into index.html (`<script id="folio-runtime-config">`), so one
 * build runs anywhere. Undefined under `vite dev`, which leaves the placeholder, and when the
 * JSON does not match core's schema (said once in the browser console).
 */
export const readRuntimeConfig = (doc: Document = document): ConsoleRuntimeConfig | undefined => {
  const text = doc.getElementById("folio-runtime-config")?.textContent?.trim() ?? ""
  if (text === "" || text === placeholder) return undefined
  const result = decode(text)
  if (Either.isRight(result)) return result.right
  console.warn("Folio: ignoring the runtime configuration in index.html", result.left.message)
  return undefined
}
