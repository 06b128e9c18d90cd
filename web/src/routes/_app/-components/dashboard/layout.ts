import type { Role } from "@folio/core"

export type DashboardTile =
  | "figures"
  | "server"
  | "you"
  | "drafts"
  | "sentBack"
  | "myReads"
  | "review"
  | "upcoming"
  | "week"
  | "latest"
  | "favorites"
  | "sinceLastVisit"

/** A tile, and whether it takes the whole width of the grid. */
export interface TilePlace {
  readonly tile: DashboardTile
  readonly wide?: boolean
}

/**
 * An analyst: their drafts, what editors sent back and how their latest reports are read. An
 * editor: the review queue, upcoming releases, the week's readership, and their own drafts (editors
 * write too). A reader (and a developer): what changed since their last visit, the latest reports
 * and their favorites. An admin: headline figures, the review queue, the week's readership, health.
 */
export const dashboardTiles = (role: Role): ReadonlyArray<TilePlace> => {
  switch (role) {
    case "admin":
      return [
        { tile: "figures", wide: true },
        { tile: "review" },
        { tile: "week" },
        { tile: "server" },
        { tile: "you" },
      ]
    case "editor":
      return [{ tile: "review" }, { tile: "upcoming" }, { tile: "week" }, { tile: "drafts" }]
    case "analyst":
      return [{ tile: "drafts" }, { tile: "sentBack" }, { tile: "myReads" }, { tile: "latest" }]
    case "developer":
    case "reader":
      return [{ tile: "sinceLastVisit", wide: true }, { tile: "latest" }, { tile: "favorites" }]
  }
}
