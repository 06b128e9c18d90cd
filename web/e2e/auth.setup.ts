import { writeFileSync } from "node:fs"
import type { Me } from "@folio/core"
import { test as setup } from "@playwright/test"
import { addPerson } from "./support/accounts"
import {
  adminStorageState,
  type SharedPerson,
  sharedPersonFile,
  sharedRoles,
  signInThroughApi,
  storageStateOf,
} from "./support/admin"
import { createCompany, unique } from "./support/directory"

setup("sign in once as the admin for specs that only need a session", async ({ request }) => {
  await signInThroughApi(request)
  await request.storageState({ path: adminStorageState })
})

for (const role of sharedRoles) {
  setup(
    `sign in once as the shared ${role} for specs that only need that role`,
    async ({ playwright, baseURL }) => {
      // An admin session of this test's own: the shared one may not be written yet.
      const admin = await playwright.request.newContext({ baseURL: baseURL! })
      await signInThroughApi(admin)
      const me: Me = await (await admin.get("/api/session")).json()
      const company = role === "client" ? await createCompany(admin, unique("Shared Client")) : me.company
      const person = await addPerson(admin, role === "client" ? "reader" : role, {
        label: `shared-${role}`,
        companyId: company.id,
      })
      const session = await playwright.request.newContext({ baseURL: baseURL! })
      const signIn = await session.post("/api/session", {
        data: { email: person.email, password: person.password },
      })
      if (signIn.status() !== 200)
        throw new Error(`${role} sign-in: ${signIn.status()} ${await signIn.text()}`)
      await session.storageState({ path: storageStateOf(role) })
      const shared: SharedPerson = {
        email: person.email,
        name: person.name,
        company: { id: company.id, name: company.name, slug: company.slug },
      }
      writeFileSync(sharedPersonFile(role), JSON.stringify(shared))
      await Promise.all([admin.dispose(), session.dispose()])
    },
  )
}
