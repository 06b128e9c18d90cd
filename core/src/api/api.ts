import { HttpApi, OpenApi } from "@effect/platform"
import pkg from "../../package.json" with { type: "json" }
import { ConsoleApi } from "./consoleApi.js"
import { LazyApi } from "./lazyApi.js"

export { apiPrefix } from "./answering.js"

/**
 * The whole HTTP contract: server handlers, the CLI's client and the OpenAPI document derive from
 * it. The console builds its client from its two halves (`ConsoleApi` at once, `LazyApi` with the
 * screens that use it), so what few screens ask is not in its first load.
 */
export class FolioApi extends HttpApi.make("folio")
  .addHttpApi(ConsoleApi)
  .addHttpApi(LazyApi)
  .annotate(OpenApi.Title, "Folio API")
  .annotate(OpenApi.Version, pkg.version)
  .annotate(
    OpenApi.Description,
    "Research publishing and distribution. Authenticate with the session cookie (console) or `Authorization: Bearer` (CLI, CI).",
  ) {}
