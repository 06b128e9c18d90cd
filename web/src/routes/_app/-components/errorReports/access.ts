import { can, type Me } from "@folio/core"

/**
 * The error inbox belongs to the publisher: its admins and developers may read it (core's
 * `developer.errorReports`), people of client companies never. The server enforces the same rule.
 */
export const mayReadErrorReports = (me: Pick<Me, "user" | "company">): boolean =>
  can(me.user.role, "developer.errorReports") && me.company.kind === "publisher"
