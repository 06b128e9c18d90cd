import type { Actor, Grant } from "@folio/core"
import { Option } from "effect"

/**
 * How far the caller's grant reaches: "all" is every company, "own" only the caller's company.
 * Repositories put it in their WHERE clause, so objects out of reach are simply not found (404).
 */
export type Reach = Option.Option<string>

export const reachOf = (grant: Grant, actor: Actor): Reach =>
  grant === "all" ? Option.none() : Option.some(actor.company.id)
