import { type SsoErrorCode, ssoErrorTexts } from "@folio/core"

/** The `sso_error` codes /login accepts in its URL. */
export const ssoErrorCodes = Object.keys(ssoErrorTexts) as ReadonlyArray<SsoErrorCode>
