// The tabs the route reads from the URL, apart from the screen (loaded later, on its own).

export const developerTabs = ["tokens", "reference", "cli"] as const
export type DeveloperTab = (typeof developerTabs)[number]
