import type { UserId } from "@folio/core"
import { useGrant, useMe } from "../directory/permissions"

export interface CoverageAccess {
  /** May initiate coverage at all (an analyst for themselves, editors and admins for anyone). */
  readonly canInitiate: boolean
  /** May pick the analyst (editors and admins); an analyst always covers as themselves. */
  readonly picksAnalyst: boolean
  /** May change or drop this analyst's coverage. */
  readonly canManage: (analystId: UserId) => boolean
  readonly meId: UserId
}

/** core's "coverage.manage" grant for the signed-in user; the server checks it again on every write. */
export const useCoverageAccess = (): CoverageAccess => {
  const grant = useGrant("coverage.manage")
  const me = useMe()
  return {
    canInitiate: grant !== "none",
    picksAnalyst: grant === "all",
    canManage: (analystId) => grant === "all" || (grant === "own" && analystId === me.user.id),
    meId: me.user.id,
  }
}
