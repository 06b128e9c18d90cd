import { writeFileSync } from "node:fs"
import { test as setup } from "@playwright/test"
import { addPerson } from "./support/accounts"
import {
  adminStorageState,
  sharedPersonFile,
  sharedRoles,
  signInThroughApi,
  storageStateOf,
} from "./support/admin"

setup("sign in once as the admin for specs that only need a session", async ({ request }) => {
  await signInThroughApi(request)
  await request.storageState({ path: adminStorageState })
})

for (const role of sharedRoles) {
  setup(
    `sign in once as a publisher's ${role} for specs that only need that role`,
    async ({ playwright, baseURL }) => {
      // An admin session of this test's own: the shared one may not be written yet.
      const admin = await playwright.request.newContext({ baseURL: baseURL! })
      await signInThroughApi(admin)
      const person = await addPerson(admin, role, { label: `shared-${role}` })
      const session = await playwright.request.newContext({ baseURL: baseURL! })
      const signIn = await session.post("/api/session", {
        data: { email: person.email, password: person.password },
      })
      if (signIn.status() !== 200)
        throw new Error(`${role} sign-in: ${signIn.status()} ${await signIn.text()}`)
      await session.storageState({ path: storageStateOf(role) })
      writeFileSync(sharedPersonFile(role), JSON.stringify({ email: person.email, name: person.name }))
      await Promise.all([admin.dispose(), session.dispose()])
    },
  )
}
