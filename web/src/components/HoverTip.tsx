import type { TooltipProps } from "@mantine/core"
import { deferred } from "./deferred"

/**
 * Mantine's `Tooltip`, for screens that are someone's first: its code and the floating layer under
 * it load after the first screen (`deferred`); until then the element shows without its tip.
 */
export const HoverTip = deferred(
  () => import("./tooltip").then((module) => module.Tooltip),
  ({ children }: TooltipProps) => children,
)
