// What the route reads from the URL, apart from the screen (loaded later, on its own).

export const scheduleViews = ["month", "week", "agenda"] as const
export type ScheduleView = (typeof scheduleViews)[number]

export interface ScheduleSearch {
  readonly view?: ScheduleView | undefined
  /** A day (`YYYY-MM-DD`) in the month or week shown; absent: today. */
  readonly date?: string | undefined
}
