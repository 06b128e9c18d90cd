import { HttpApiBuilder } from "@effect/platform"
import { FolioApi, NotFound } from "@folio/core"
import { Effect } from "effect"
import { authorize } from "../auth/authorize.js"
import { reachOf } from "../companies/reach.js"
import { Teams } from "../teams/service.js"

/** Reading a team follows `companies.read` (a team is part of its company); changes need `teams.manage`. */
export const TeamsLive = HttpApiBuilder.group(FolioApi, "teams", (handlers) =>
  Effect.gen(function* () {
    const teams = yield* Teams
    const manage = authorize("teams.manage", "admin")
    return handlers
      .handle("list", ({ path, urlParams }) =>
        authorize("companies.read", "read").pipe(
          Effect.flatMap(({ actor, grant }) => teams.list(path.companyId, urlParams, reachOf(grant, actor))),
        ),
      )
      .handle("get", ({ path }) =>
        authorize("companies.read", "read").pipe(
          Effect.flatMap(({ actor, grant }) => teams.get(path.teamId, reachOf(grant, actor))),
        ),
      )
      .handle("entitlements", ({ path }) =>
        authorize("companies.read", "read").pipe(
          Effect.flatMap(({ actor, grant }) =>
            teams
              .get(path.teamId, reachOf(grant, actor))
              .pipe(
                Effect.zipRight(
                  teams.entitlements(path.teamId, actor.company.kind === "publisher" && grant === "all"),
                ),
              ),
          ),
          Effect.flatMap((found) =>
            found === null ? Effect.fail(new NotFound({ message: "No such team." })) : Effect.succeed(found),
          ),
        ),
      )
      .handle("create", ({ path, payload }) =>
        manage.pipe(Effect.flatMap(({ actor }) => teams.create(actor, path.companyId, payload))),
      )
      .handle("update", ({ path, payload }) =>
        manage.pipe(Effect.flatMap(({ actor }) => teams.update(actor, path.teamId, payload))),
      )
      .handle("delete", ({ path }) =>
        manage.pipe(Effect.flatMap(({ actor }) => teams.remove(actor, path.teamId))),
      )
      .handle("addMember", ({ path, payload }) =>
        manage.pipe(Effect.flatMap(({ actor }) => teams.addMember(actor, path.teamId, payload))),
      )
      .handle("setMemberRole", ({ path, payload }) =>
        manage.pipe(
          Effect.flatMap(({ actor }) => teams.setMemberRole(actor, path.teamId, path.userId, payload.role)),
        ),
      )
      .handle("removeMember", ({ path }) =>
        manage.pipe(Effect.flatMap(({ actor }) => teams.removeMember(actor, path.teamId, path.userId))),
      )
  }),
)
