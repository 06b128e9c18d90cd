import { test as setup } from "@playwright/test"
import { adminStorageState, signInThroughApi } from "./support/admin"

setup("sign in once as the admin for specs that only need a session", async ({ request }) => {
  await signInThroughApi(request)
  await request.storageState({ path: adminStorageState })
})
