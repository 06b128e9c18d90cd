import { SqlClient } from "@effect/sql"
import {
  type Actor,
  type Company,
  type CompanyListParams,
  type CreateCompany,
  NotFound,
  type UpdateCompany,
  ValidationError,
} from "@folio/core"
import { Effect, Option } from "effect"
import { Audit } from "../audit/audit.js"
import type { Reach } from "./reach.js"
import { CompaniesRepo, type CompanyFields } from "./repo.js"

export const companyNotFound = () => new NotFound({ message: "No such company." })

/** What the audit trail keeps of a company: its editable state, without the live counts. */
const audited = (company: Company) => ({
  name: company.name,
  slug: company.slug,
  domain: company.domain,
  kind: company.kind,
  status: company.status,
  entitlements: company.entitlements,
})

export class Companies extends Effect.Service<Companies>()("@folio/server/Companies", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* CompaniesRepo
    const audit = yield* Audit

    const get = (id: string, reach: Reach) =>
      repo
        .find(id, reach)
        .pipe(
          Effect.flatMap(
            Option.match({ onNone: () => Effect.fail(companyNotFound()), onSome: Effect.succeed }),
          ),
        )

    const create = (actor: Actor, input: CreateCompany) =>
      Effect.gen(function* () {
        const id = yield* repo.insert({ ...input, status: "active" })
        const company = yield* repo.find(id, Option.none()).pipe(Effect.map(Option.getOrThrow))
        yield* audit.record({
          action: "company.create",
          actor: actor.user,
          target: { type: "company", id },
          after: audited(company),
        })
        return company
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const update = (actor: Actor, id: string, patch: UpdateCompany) =>
      Effect.gen(function* () {
        const before = yield* repo
          .lock(id)
          .pipe(
            Effect.flatMap(
              Option.match({ onNone: () => Effect.fail(companyNotFound()), onSome: Effect.succeed }),
            ),
          )
        if (before.kind === "publisher" && patch.status === "suspended") {
          return yield* ValidationError.field(
            "status",
            "The publisher company cannot be suspended: its own staff would lose access.",
          )
        }
        const fields: CompanyFields = {
          name: patch.name ?? before.name,
          slug: patch.slug ?? before.slug,
          domain: patch.domain === undefined ? before.domain : patch.domain,
          status: patch.status ?? before.status,
          entitlements: patch.entitlements ?? before.entitlements,
        }
        yield* repo.update(id, fields)
        const after = yield* repo.find(id, Option.none()).pipe(Effect.map(Option.getOrThrow))
        yield* audit.record({
          action: "company.update",
          actor: actor.user,
          target: { type: "company", id },
          before: audited(before),
          after: audited(after),
        })
        return after
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const list = (params: CompanyListParams, reach: Reach) => repo.list(params, reach)

    return { list, get, create, update } as const
  }),
  dependencies: [CompaniesRepo.Default, Audit.Default],
}) {}
