import { once } from "node:events"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import Provider from "oidc-provider"

export const idpClient = { id: "folio-test", secret: "folio-test-secret-0123456789" }

/**
 * A real OpenID provider on loopback (oidc-provider with its development login and consent
 * pages). The login name is the account's email; logins starting with "unverified" come back
 * with `email_verified: false`.
 */
export const startIdp = async (redirectUri: string) => {
  const server = createServer()
  server.listen(0, "127.0.0.1")
  await once(server, "listening")
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: idpClient.id,
        client_secret: idpClient.secret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    cookies: { keys: ["folio-test-idp-cookie-key"] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({
        sub: `sub-${id}`,
        email: id.replace(/^unverified-/, ""),
        email_verified: !id.startsWith("unverified"),
        name: id.split("@")[0]?.replace(/[._-]/g, " ") ?? id,
      }),
    }),
  })
  server.on("request", provider.callback())
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
