import { Schema } from "effect"

export const roles = ["admin", "editor", "analyst", "developer", "reader"] as const
export const Role = Schema.Literal(...roles)
export type Role = typeof Role.Type

export const roleLabels: Record<Role, string> = {
  admin: "Admin",
  editor: "Editor",
  analyst: "Analyst",
  developer: "Developer",
  reader: "Reader",
}
