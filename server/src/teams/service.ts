import { SqlClient } from "@effect/sql"
import {
  type Actor,
  type AddTeamMember,
  Conflict,
  type CreateTeam,
  NotFound,
  type TeamDetail,
  type TeamEntitlements,
  type TeamListParams,
  type TeamRole,
  type UpdateTeam,
  ValidationError,
} from "@folio/core"
import { Effect, Option } from "effect"
import { Audit } from "../audit/audit.js"
import type { Reach } from "../companies/reach.js"
import { CompaniesRepo } from "../companies/repo.js"
import { companyNotFound } from "../companies/service.js"
import { UsersRepo } from "../users/repo.js"
import { TeamsRepo } from "./repo.js"

const teamNotFound = () => new NotFound({ message: "No such team." })
const notAMember = () => new NotFound({ message: "That user is not a member of this team." })

const orFail =
  <E>(error: () => E) =>
  <A>(option: Option.Option<A>): Effect.Effect<A, E> =>
    Option.match(option, { onNone: () => Effect.fail(error()), onSome: Effect.succeed })

const audited = (team: TeamDetail) => ({
  companyId: team.companyId,
  name: team.name,
  description: team.description,
})

export class Teams extends Effect.Service<Teams>()("@folio/server/Teams", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* TeamsRepo
    const companies = yield* CompaniesRepo
    const users = yield* UsersRepo
    const audit = yield* Audit
    const transaction = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      effect.pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))
    const reload = (id: string) => repo.find(id, Option.none()).pipe(Effect.map(Option.getOrThrow))
    const target = (id: string) => ({ type: "team", id })

    const list = (companyId: string, params: TeamListParams, reach: Reach) =>
      companies
        .find(companyId, reach)
        .pipe(Effect.flatMap(orFail(companyNotFound)), Effect.zipRight(repo.list(companyId, params)))

    const get = (id: string, reach: Reach) => repo.find(id, reach).pipe(Effect.flatMap(orFail(teamNotFound)))

    const create = (actor: Actor, companyId: string, input: CreateTeam) =>
      transaction(
        Effect.gen(function* () {
          yield* companies.lock(companyId).pipe(Effect.flatMap(orFail(companyNotFound)))
          const team = yield* repo.insert(companyId, input).pipe(Effect.flatMap(reload))
          yield* audit.record({
            action: "team.create",
            actor: actor.user,
            target: target(team.id),
            after: audited(team),
          })
          const { members: _, ...created } = team
          return created
        }),
      )

    const update = (actor: Actor, id: string, patch: UpdateTeam) =>
      transaction(
        Effect.gen(function* () {
          const before = yield* repo.lock(id).pipe(Effect.flatMap(orFail(teamNotFound)))
          yield* repo.update(id, {
            name: patch.name ?? before.name,
            description: patch.description ?? before.description,
          })
          const after = yield* reload(id)
          yield* audit.record({
            action: "team.update",
            actor: actor.user,
            target: target(id),
            before: audited(before),
            after: audited(after),
          })
          const { members: _, ...updated } = after
          return updated
        }),
      )

    const remove = (actor: Actor, id: string) =>
      transaction(
        Effect.gen(function* () {
          const before = yield* repo.lock(id).pipe(Effect.flatMap(orFail(teamNotFound)))
          yield* repo.remove(id)
          yield* audit.record({
            action: "team.delete",
            actor: actor.user,
            target: target(id),
            before: { ...audited(before), members: before.members },
          })
        }),
      )

    const addMember = (actor: Actor, teamId: string, input: AddTeamMember) =>
      transaction(
        Effect.gen(function* () {
          const team = yield* repo.lock(teamId).pipe(Effect.flatMap(orFail(teamNotFound)))
          const user = yield* users
            .findById(input.userId)
            .pipe(Effect.flatMap(orFail(() => new NotFound({ message: "No such user." }))))
          if (user.companyId !== team.companyId) {
            return yield* ValidationError.field(
              "userId",
              `${user.name} belongs to ${user.company.name}; only people of the team's own company can join it.`,
            )
          }
          const added = yield* repo.addMember(teamId, user.id, input.role)
          if (!added) {
            return yield* new Conflict({
              message: `${user.name} (${user.email}) is already a member of the team "${team.name}".`,
            })
          }
          yield* audit.record({
            action: "team.add_member",
            actor: actor.user,
            target: target(teamId),
            after: { userId: user.id, email: user.email, role: input.role },
          })
          return yield* repo.member(teamId, user.id).pipe(Effect.map(Option.getOrThrow))
        }),
      )

    const setMemberRole = (actor: Actor, teamId: string, userId: string, role: TeamRole) =>
      transaction(
        Effect.gen(function* () {
          yield* repo.lock(teamId).pipe(Effect.flatMap(orFail(teamNotFound)))
          const before = yield* repo.member(teamId, userId).pipe(Effect.flatMap(orFail(notAMember)))
          if (before.role === role) return before
          yield* repo.setMemberRole(teamId, userId, role)
          yield* audit.record({
            action: "team.set_member_role",
            actor: actor.user,
            target: target(teamId),
            before: { userId, email: before.email, role: before.role },
            after: { userId, email: before.email, role },
          })
          return { ...before, role }
        }),
      )

    const removeMember = (actor: Actor, teamId: string, userId: string) =>
      transaction(
        Effect.gen(function* () {
          yield* repo.lock(teamId).pipe(Effect.flatMap(orFail(teamNotFound)))
          const before = yield* repo.member(teamId, userId).pipe(Effect.flatMap(orFail(notAMember)))
          yield* repo.removeMember(teamId, userId)
          yield* audit.record({
            action: "team.remove_member",
            actor: actor.user,
            target: target(teamId),
            before: { userId, email: before.email, role: before.role },
          })
        }),
      )

    /**
     * What reaches a team's members: published reports in the company's sectors whose audience
     * names all clients, the company, or the team. Drafts addressed to the team are listed only
     * to the publisher's staff (`staff`). Null when there is no such team.
     */
    const entitlements = (teamId: string, staff: boolean) =>
      Effect.gen(function* () {
        const found = yield* repo.entitlementsCompany(teamId)
        if (Option.isNone(found)) return null
        const company = found.value
        const sectors = company.sectors
        const reach = yield* repo.entitledReach(teamId, company.companyId, sectors)
        const tiers = yield* repo.entitledTiers(teamId, company.companyId, sectors)
        const addressed = yield* repo.addressedTo(teamId, staff)
        return {
          sectors,
          companySuspended: company.status !== "active",
          reach: Option.getOrElse(reach, () => ({ allClients: 0, company: 0, team: 0 })),
          tiers,
          addressed,
        } satisfies TeamEntitlements
      })

    return {
      list,
      get,
      create,
      update,
      remove,
      addMember,
      setMemberRole,
      removeMember,
      entitlements,
    } as const
  }),
  dependencies: [TeamsRepo.Default, CompaniesRepo.Default, UsersRepo.Default, Audit.Default],
}) {}
