import { NotFound } from "@folio/core"
import { notFound } from "@tanstack/react-router"
import type { Schema } from "effect"
import { searchParam } from "./search"

/** A 404 from the server is the router's not-found screen (no existence leaks either way). */
export const orNotFound = async <A>(promise: Promise<A>): Promise<A> => {
  try {
    return await promise
  } catch (error) {
    if (error instanceof NotFound) throw notFound()
    throw error
  }
}

/** A path id that is not even well-formed cannot name anything: not found, without asking the server. */
export const idOrNotFound = <A, I>(schema: Schema.Schema<A, I>, raw: string): A => {
  const id = searchParam(schema, raw)
  if (id === undefined) throw notFound()
  return id
}
