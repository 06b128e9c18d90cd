import "@mantine/core/styles.css"
import "@mantine/notifications/styles.css"
import type { Me } from "@folio/core"
import { MantineProvider } from "@mantine/core"
import { Notifications } from "@mantine/notifications"
import * as Sentry from "@sentry/react"
import { QueryClientProvider } from "@tanstack/react-query"
import { RouterProvider } from "@tanstack/react-router"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { sessionKeys } from "./api/session"
import { readRuntimeConfig } from "./monitoring/runtimeConfig"
import { followSignedInUser, startMonitoring } from "./monitoring/sentry"
import { createAppRouter } from "./router"
import { theme } from "./theme"

const { router, queryClient } = createAppRouter()
// Before the first render, so the page load is traced and an error while booting is reported.
if (startMonitoring(router, readRuntimeConfig())) {
  followSignedInUser(queryClient, () => queryClient.getQueryData<Me>(sessionKeys.me)?.user.id ?? null)
}

const container = document.getElementById("root")
if (container === null) throw new Error("index.html has no #root element")

// Route errors are reported by the root error screen; this catches what escapes every boundary.
const reportUncaught = Sentry.reactErrorHandler()
createRoot(container, {
  onUncaughtError: (error, info) => reportUncaught(error, { componentStack: info.componentStack ?? null }),
}).render(
  <StrictMode>
    {/* "auto" follows the system until the user picks a scheme; the choice is kept in localStorage. */}
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
)
