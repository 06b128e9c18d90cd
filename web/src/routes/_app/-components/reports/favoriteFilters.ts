import type { ReportFilters } from "../../../../api/reports"

/** The favourites list: the reports table's query, narrowed to the reports I starred. */
export const favoriteFilters: ReportFilters = { favorites: true }
