import type { Need } from "../../src/auth/authorize.js"
import type { databaseOf } from "./directory.js"
import type { Ctx, Request, Row } from "./matrix.js"

interface Deps {
  readonly db: () => ReturnType<typeof databaseOf>
  readonly next: () => number
}

/**
 * Matrix rows for the AI playground (`ai.use`: analysts, editors, admins). Runs are their author's
 * only, so the rows that address one act on a run of the caller's own, made fresh in SQL. The
 * streaming run itself (`POST /api/ai/run`) is outside the contract; ai.test.ts covers who may
 * start one.
 */
export const aiRows = ({ db, next }: Deps): Record<string, Row> => {
  const run = async (ctx: Ctx) => {
    const rows = await db().query(
      (sql) => sql<{ id: string }>`
        insert into ai_runs (user_id, provider, model, template, prompt, output, status)
        values (${ctx.caller.userId}, 'offline', 'matrix', 'free', ${`Matrix prompt ${next()}`}, 'Answer', 'completed')
        returning id`,
    )
    return rows[0]!.id
  }
  const row = (need: Need, request: (ctx: Ctx) => Promise<Request>): Row => ({
    access: "policy",
    action: "ai.use",
    need,
    scoped: false,
    request,
  })
  return {
    "ai.providers": row("read", async () => ({ method: "GET", path: "/ai/providers" })),
    "ai.runs": row("read", async () => ({ method: "GET", path: "/ai/runs" })),
    "ai.run": row("read", async (ctx) => ({ method: "GET", path: `/ai/runs/${await run(ctx)}` })),
    "ai.deleteRun": row("write", async (ctx) => ({ method: "DELETE", path: `/ai/runs/${await run(ctx)}` })),
  }
}
