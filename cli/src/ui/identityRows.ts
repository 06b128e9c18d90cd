import type { Identity } from "../services/session.js"
import { visible } from "./terminalText.js"

const via = (identity: Identity, credentialPath: string): string =>
  identity.source === "env" ? "FOLIO_TOKEN" : `stored credential (${credentialPath})`

/** Label/value rows describing who a credential belongs to, shared by the Ink and plain renderers. */
export const identityRows = (
  identity: Identity,
  credentialPath: string,
): ReadonlyArray<readonly [label: string, value: string]> =>
  (
    [
      ["user", `${identity.user.name} <${identity.user.email}>`],
      ["role", identity.user.role],
      ["company", `${identity.company.name} (${identity.company.slug}, ${identity.company.kind})`],
      ["server", identity.url],
      ["via", via(identity, credentialPath)],
    ] as const
  ).map(([label, value]) => [label, visible(value)] as const)
