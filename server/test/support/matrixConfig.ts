import type { Row } from "./matrix.js"

interface Deps {
  readonly next: () => number
}

/**
 * Matrix rows for the configuration store (admins only; reads need a token's `read` scope,
 * changes `admin`) and the anonymous site status.
 */
export const configRows = ({ next }: Deps): Record<string, Row> => {
  const row = (need: "read" | "admin", request: Row["request"]): Row => ({
    access: "policy",
    action: "config.manage",
    need,
    scoped: false,
    request,
  })
  return {
    "config.snapshot": row("read", async () => ({ method: "GET", path: "/config" })),
    "config.patch": row("admin", async () => ({
      method: "PATCH",
      path: "/config",
      body: { operations: [{ operation: "upsert", key: "matrix.counter", value: next() }] },
    })),
    "config.plan": row("read", async () => ({
      method: "POST",
      path: "/config/plan",
      body: { entries: { "matrix.planned": next() } },
    })),
    "config.history": row("read", async () => ({ method: "GET", path: "/config/history?limit=5" })),
    "config.version": row("read", async () => ({ method: "GET", path: "/config/versions/1" })),
    "config.rollback": row("admin", async () => ({
      method: "POST",
      path: "/config/rollback",
      body: { version: 1 },
    })),
    "site.status": { access: "public", request: async () => ({ method: "GET", path: "/status" }) },
  }
}
