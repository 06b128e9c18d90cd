import type { Action, Role } from "@folio/core"
import type { Need } from "../../src/auth/authorize.js"
import type { databaseOf } from "./directory.js"

/** The shapes of the role × endpoint matrix (matrix.test.ts); rows for an area may live in their own module. */
export interface Target {
  readonly companyId: string
  readonly teamId: string
  readonly userId: string
  /** A published report whose audience is this company. */
  readonly reportId: string
}

export interface Caller {
  readonly role: Role
  readonly email: string
  readonly userId: string
  readonly companyId: string
  readonly token: string
}

export interface Ctx {
  readonly caller: Caller
  /** The objects the request addresses: the caller's own company's, or another company's. */
  readonly target: Target
}

export interface Request {
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"
  readonly path: string
  readonly body?: unknown
  /** Replaces the caller's token (sign-out needs a session of its own). */
  readonly token?: string
}

export type Row =
  | { readonly access: "public"; readonly request: (ctx: Ctx) => Promise<Request> }
  | { readonly access: "signedIn"; readonly request: (ctx: Ctx) => Promise<Request> }
  | {
      readonly access: "policy"
      readonly action: Action
      readonly need: Need
      /** The request addresses one company's object, so "own" grants reach only the caller's. */
      readonly scoped: boolean
      readonly request: (ctx: Ctx) => Promise<Request>
      /** Refused to every API token, whatever its scopes (sessions only). */
      readonly sessionOnly?: boolean
      /** Only for people of the publisher company: a client company's caller gets a 403 whatever the grant. */
      readonly publisherOnly?: boolean
      /** Extra checks on a successful answer, e.g. that an "own" list holds only the caller's company. */
      readonly check?: (ctx: Ctx, response: Response) => Promise<void>
    }

/** A fresh developer of a company, for rows that need a user of their own to act on. */
export const matrixUser = (db: ReturnType<typeof databaseOf>, next: () => number, companyId: string) => {
  const n = next()
  return db.user({ email: `matrix${n}@matrix.test`, name: `Matrix ${n}`, companyId, role: "developer" })
}
